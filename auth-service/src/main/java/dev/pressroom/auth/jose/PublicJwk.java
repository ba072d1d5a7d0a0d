package dev.pressroom.auth.jose;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.kernel.id.Tokens;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.EllipticCurve;
import java.security.spec.NamedParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.List;

/**
 * A public signing key read from a JWK (RFC 7517), with its RFC 7638 thumbprint: RSA of 2048 to 8192 bits, EC P-256
 * with its point on the curve, or OKP Ed25519. A JWK with a private member is refused: a key published or sent as a
 * proof must be public, and one that is not has leaked.
 *
 * @param kid the {@code kid} member, null when absent
 * @param kty {@code RSA}, {@code EC} or {@code OKP}
 * @param alg the {@code alg} member, the one algorithm the key is for; null when absent
 */
public record PublicJwk(String kid, String kty, String alg, PublicKey key, String thumbprint) {

    /** Private members of EC and OKP (d), RSA (d, p, q, dp, dq, qi, oth), symmetric (k) JWKs (RFC 7518 §6, 8037). */
    private static final List<String> PRIVATE_MEMBERS = List.of("d", "p", "q", "dp", "dq", "qi", "oth", "k");

    /** Below NIST's 2048 a key is no longer safe; above 8192 a verification costs a sender-chosen amount of CPU. */
    private static final int MIN_RSA_BITS = 2048;

    private static final int MAX_RSA_BITS = 8192;

    /** Longer than the modulus of an 8192-bit key in base64url: no member of a key we accept is longer. */
    private static final int MAX_MEMBER_LENGTH = 2048;

    /** Why a JWK is refused, as a phrase that follows the JWK's name ("the jwk header …"). */
    public static final class Invalid extends RuntimeException {

        Invalid(String problem) {
            super(problem, null, false, false);
        }
    }

    /**
     * Reads a public key.
     *
     * @throws Invalid when it is not a JSON object, holds a private member, or is no acceptable key
     */
    public static PublicJwk read(JsonNode jwk) {
        if (jwk == null || !jwk.isObject()) {
            throw new Invalid("must be a JSON Web Key");
        }
        for (String member : PRIVATE_MEMBERS) {
            if (jwk.has(member)) {
                throw new Invalid("must hold a public key only");
            }
        }
        // RFC 7517 §4.2: a key for another use (encryption) signs nothing.
        JsonNode use = jwk.get("use");
        if (use != null && !"sig".equals(use.textValue())) {
            throw new Invalid("must be a signing key (use \"sig\")");
        }
        String kid = optionalText(jwk, "kid");
        String alg = optionalText(jwk, "alg");
        try {
            PublicJwk key = switch (text(jwk, "kty")) {
                case "RSA" -> rsa(jwk);
                case "EC" -> ec(jwk);
                case "OKP" -> ed25519(jwk);
                default -> throw new Invalid("must be an RSA, EC P-256 or Ed25519 key");
            };
            return new PublicJwk(kid, key.kty(), alg, key.key(), key.thumbprint());
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new Invalid("is not a valid public key");
        }
    }

    /**
     * Whether this key signs with the algorithm: its type is the algorithm's (RFC 7518 §3.1, RFC 8037 §3.1), and its
     * own {@code alg}, when it has one, is that algorithm (RFC 7517 §4.4), so an RSA key published for PS256 verifies
     * no RS256 signature.
     */
    public boolean fits(String alg) {
        if (this.alg != null && !this.alg.equals(alg)) {
            return false;
        }
        return switch (alg) {
            case "RS256", "PS256" -> kty.equals("RSA");
            case "ES256" -> kty.equals("EC");
            case "EdDSA" -> kty.equals("OKP");
            default -> false;
        };
    }

    private static PublicJwk ec(JsonNode jwk) throws GeneralSecurityException {
        require(jwk, "crv", "P-256");
        String x = coordinate(jwk, "x", 32);
        String y = coordinate(jwk, "y", 32);
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec("secp256r1"));
        ECParameterSpec p256 = parameters.getParameterSpec(ECParameterSpec.class);
        ECPoint point = new ECPoint(unsigned(x), unsigned(y));
        if (!onCurve(point, p256.getCurve())) {
            throw new Invalid("point is not on P-256");
        }
        PublicKey key = KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, p256));
        // RFC 7638 §3.2: the required members in lexicographic order, no white space.
        return new PublicJwk(
                null,
                "EC",
                null,
                key,
                thumbprint("{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}"));
    }

    private static PublicJwk rsa(JsonNode jwk) throws GeneralSecurityException {
        String n = base64url(jwk, "n");
        String e = base64url(jwk, "e");
        BigInteger modulus = unsigned(n);
        BigInteger exponent = unsigned(e);
        if (modulus.bitLength() < MIN_RSA_BITS || modulus.bitLength() > MAX_RSA_BITS) {
            throw new Invalid("must be an RSA key of 2048 to 8192 bits");
        }
        if (exponent.bitLength() > 32 || !exponent.testBit(0) || exponent.compareTo(BigInteger.ONE) <= 0) {
            throw new Invalid("has an RSA exponent that is not valid");
        }
        PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(modulus, exponent));
        return new PublicJwk(
                null, "RSA", null, key, thumbprint("{\"e\":\"" + e + "\",\"kty\":\"RSA\",\"n\":\"" + n + "\"}"));
    }

    /** RFC 8037 §2: x is the RFC 8032 encoding, y little-endian with x's parity in the top bit. */
    private static PublicJwk ed25519(JsonNode jwk) throws GeneralSecurityException {
        require(jwk, "crv", "Ed25519");
        String x = coordinate(jwk, "x", 32);
        byte[] encoded = Base64.getUrlDecoder().decode(x);
        boolean xOdd = (encoded[31] & 0x80) != 0;
        encoded[31] &= 0x7f;
        byte[] bigEndian = new byte[32];
        for (int i = 0; i < 32; i++) {
            bigEndian[i] = encoded[31 - i];
        }
        PublicKey key = KeyFactory.getInstance("Ed25519")
                .generatePublic(new EdECPublicKeySpec(
                        NamedParameterSpec.ED25519, new EdECPoint(xOdd, new BigInteger(1, bigEndian))));
        return new PublicJwk(
                null, "OKP", null, key, thumbprint("{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\"" + x + "\"}"));
    }

    /** y² = x³ + ax + b over the prime field: a point off the curve is no public key of it. */
    private static boolean onCurve(ECPoint point, EllipticCurve curve) {
        BigInteger p = ((ECFieldFp) curve.getField()).getP();
        BigInteger x = point.getAffineX();
        BigInteger y = point.getAffineY();
        if (x.compareTo(p) >= 0 || y.compareTo(p) >= 0) {
            return false;
        }
        BigInteger right =
                x.pow(3).add(curve.getA().multiply(x)).add(curve.getB()).mod(p);
        return y.pow(2).mod(p).equals(right);
    }

    private static String optionalText(JsonNode jwk, String member) {
        JsonNode node = jwk.get(member);
        if (node != null && !node.isTextual()) {
            throw new Invalid(member + " must be a string");
        }
        return node == null ? null : node.textValue();
    }

    private static String text(JsonNode jwk, String member) {
        JsonNode node = jwk.get(member);
        return node != null && node.isTextual() ? node.textValue() : "";
    }

    private static void require(JsonNode jwk, String member, String value) {
        if (!text(jwk, member).equals(value)) {
            throw new Invalid(member + " must be " + value);
        }
    }

    /** RFC 7518 §6.2.1.2: an EC coordinate has the full length of the field, leading zeros kept. */
    private static String coordinate(JsonNode jwk, String member, int length) {
        String value = base64url(jwk, member);
        if (Base64.getUrlDecoder().decode(value).length != length) {
            throw new Invalid(member + " must be " + length + " bytes");
        }
        return value;
    }

    /** A base64url member without padding: the form RFC 7638 hashes, so no escaping is ever needed. */
    private static String base64url(JsonNode jwk, String member) {
        String value = text(jwk, member);
        if (value.isEmpty() || value.length() > MAX_MEMBER_LENGTH || !Base64Url.isAlphabet(value)) {
            throw new Invalid(member + " must be base64url");
        }
        return value;
    }

    private static BigInteger unsigned(String base64url) {
        return new BigInteger(1, Base64.getUrlDecoder().decode(base64url));
    }

    /** RFC 7638 §3: base64url of the SHA-256 of the canonical JSON's UTF-8 octets. */
    private static String thumbprint(String canonicalJson) {
        return Tokens.sha256(canonicalJson);
    }
}
