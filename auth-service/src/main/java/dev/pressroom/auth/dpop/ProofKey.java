package dev.pressroom.auth.dpop;

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
 * The public key of a DPoP proof's {@code jwk} header (RFC 9449 §4.2, RFC 7517) and its RFC 7638 thumbprint. Only
 * the key types of the allowed algorithms are read, only public keys: a JWK with a private member is refused
 * (RFC 9449 §4.3 check 7), since a client that sends its private key has no proof of possession left to give.
 */
record ProofKey(PublicKey key, String thumbprint) {

    /** Private members of EC, OKP (d), RSA (d, p, q, dp, dq, qi, oth) and symmetric (k) JWKs (RFC 7518 §6, RFC 8037). */
    private static final List<String> PRIVATE_MEMBERS = List.of("d", "p", "q", "dp", "dq", "qi", "oth", "k");

    /** Below NIST's 2048 a key is no longer safe; above 8192 a verification costs a client-chosen amount of CPU. */
    private static final int MIN_RSA_BITS = 2048;

    private static final int MAX_RSA_BITS = 8192;

    /** Reads the key the algorithm needs: EC P-256 for ES256, RSA for RS256 and PS256, OKP Ed25519 for EdDSA. */
    static ProofKey read(JsonNode jwk, String alg) {
        if (jwk == null || !jwk.isObject()) {
            throw DpopRefused.invalid("The jwk header must be a JSON Web Key.");
        }
        for (String member : PRIVATE_MEMBERS) {
            if (jwk.has(member)) {
                throw DpopRefused.invalid("The jwk header must hold a public key only.");
            }
        }
        try {
            return switch (alg) {
                case "ES256" -> ec(jwk);
                case "RS256", "PS256" -> rsa(jwk);
                case "EdDSA" -> ed25519(jwk);
                default -> throw DpopRefused.invalid("Unsupported alg.");
            };
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw DpopRefused.invalid("The jwk header is not a valid " + alg + " public key.");
        }
    }

    private static ProofKey ec(JsonNode jwk) throws GeneralSecurityException {
        require(jwk, "kty", "EC");
        require(jwk, "crv", "P-256");
        String x = coordinate(jwk, "x", 32);
        String y = coordinate(jwk, "y", 32);
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec("secp256r1"));
        ECParameterSpec p256 = parameters.getParameterSpec(ECParameterSpec.class);
        ECPoint point = new ECPoint(unsigned(x), unsigned(y));
        if (!onCurve(point, p256.getCurve())) {
            throw DpopRefused.invalid("The jwk header's point is not on P-256.");
        }
        PublicKey key = KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, p256));
        // RFC 7638 §3.2: the required members in lexicographic order, no white space.
        return new ProofKey(
                key, thumbprint("{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + x + "\",\"y\":\"" + y + "\"}"));
    }

    private static ProofKey rsa(JsonNode jwk) throws GeneralSecurityException {
        require(jwk, "kty", "RSA");
        String n = base64url(jwk, "n");
        String e = base64url(jwk, "e");
        BigInteger modulus = unsigned(n);
        BigInteger exponent = unsigned(e);
        if (modulus.bitLength() < MIN_RSA_BITS || modulus.bitLength() > MAX_RSA_BITS) {
            throw DpopRefused.invalid("The jwk header's RSA key must have 2048 to 8192 bits.");
        }
        if (exponent.bitLength() > 32 || !exponent.testBit(0) || exponent.compareTo(BigInteger.ONE) <= 0) {
            throw DpopRefused.invalid("The jwk header's RSA exponent is not valid.");
        }
        PublicKey key = KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(modulus, exponent));
        return new ProofKey(key, thumbprint("{\"e\":\"" + e + "\",\"kty\":\"RSA\",\"n\":\"" + n + "\"}"));
    }

    /** RFC 8037 §2: x is the RFC 8032 encoding, y little-endian with x's parity in the top bit. */
    private static ProofKey ed25519(JsonNode jwk) throws GeneralSecurityException {
        require(jwk, "kty", "OKP");
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
        return new ProofKey(key, thumbprint("{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\"" + x + "\"}"));
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

    private static void require(JsonNode jwk, String member, String value) {
        JsonNode node = jwk.get(member);
        if (node == null || !node.isTextual() || !node.asText().equals(value)) {
            throw DpopRefused.invalid("The jwk header's " + member + " must be " + value + ".");
        }
    }

    /** RFC 7518 §6.2.1.2: an EC coordinate has the full length of the field, leading zeros kept. */
    private static String coordinate(JsonNode jwk, String member, int length) {
        String value = base64url(jwk, member);
        if (Base64.getUrlDecoder().decode(value).length != length) {
            throw DpopRefused.invalid("The jwk header's " + member + " must be " + length + " bytes.");
        }
        return value;
    }

    /** A base64url member without padding: the form RFC 7638 hashes, so no escaping is ever needed. */
    private static String base64url(JsonNode jwk, String member) {
        JsonNode node = jwk.get(member);
        if (node == null
                || !node.isTextual()
                || node.asText().isEmpty()
                || node.asText().length() > 2048
                || !node.asText().matches("[A-Za-z0-9_-]+")) {
            throw DpopRefused.invalid("The jwk header's " + member + " must be base64url.");
        }
        return node.asText();
    }

    private static BigInteger unsigned(String base64url) {
        return new BigInteger(1, Base64.getUrlDecoder().decode(base64url));
    }

    /** RFC 7638 §3: base64url of the SHA-256 of the canonical JSON's UTF-8 octets. */
    private static String thumbprint(String canonicalJson) {
        return Tokens.sha256(canonicalJson);
    }
}
