package dev.pressroom.auth.token;

import dev.pressroom.auth.keys.SigningKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Base64;

/**
 * Compact JWS serialization (RFC 7515 §7.1) with the signing key's algorithm: RS256 through the replica's RSA signer
 * (OpenSSL or the JDK, RFC 7518 §3.3), PS256 (§3.5) and ES256 (§3.4) through the JDK. The signature is the whole
 * cost of a token; this adds only two base64url encodings around it.
 */
final class Jws {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    /** RFC 7518 §3.5: SHA-256, MGF1 with SHA-256, a salt as long as the hash. */
    private static final PSSParameterSpec PS256 =
            new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);

    private final RsaSigner rs256;

    /** A Signature is stateful: each thread keeps one per algorithm. */
    private final ThreadLocal<Signature> ps256 = ThreadLocal.withInitial(() -> signature("RSASSA-PSS"));

    /** RFC 7518 §3.4: R and S, 32 octets each, not the DER sequence SHA256withECDSA gives. */
    private final ThreadLocal<Signature> es256 =
            ThreadLocal.withInitial(() -> signature("SHA256withECDSAinP1363Format"));

    Jws(RsaSigner rs256) {
        this.rs256 = rs256;
    }

    /** @param claims the JWT claims set as UTF-8 JSON (RFC 7519 §7.1) */
    String sign(SigningKey key, byte[] claims) {
        return sign(key, claims, "JWT");
    }

    /** @param typ the media type of the whole JWT (RFC 7515 §4.1.9), e.g. {@code logout+jwt}; a fixed word of ours */
    String sign(SigningKey key, byte[] claims, String typ) {
        String signingInput = header(key, typ) + "." + BASE64URL.encodeToString(claims);
        byte[] input = signingInput.getBytes(StandardCharsets.US_ASCII);
        byte[] signature = switch (key.alg()) {
            case RS256 -> rs256.sign(key, input);
            case PS256 -> jdk(ps256.get(), key, input);
            case ES256 -> jdk(es256.get(), key, input);
        };
        return signingInput + "." + BASE64URL.encodeToString(signature);
    }

    private static byte[] jdk(Signature signature, SigningKey key, byte[] input) {
        try {
            signature.initSign(key.privateKey());
            if ("RSASSA-PSS".equals(signature.getAlgorithm())) {
                signature.setParameter(PS256);
            }
            signature.update(input);
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign " + key.alg() + " with key " + key.kid(), e);
        }
    }

    /** RFC 7515 §4.1: the kid alphabet (PemKeys.KID) needs no JSON escaping. */
    private static String header(SigningKey key, String typ) {
        String json = "{\"alg\":\"" + key.alg().name() + "\",\"kid\":\"" + key.kid() + "\",\"typ\":\"" + typ + "\"}";
        return BASE64URL.encodeToString(json.getBytes(StandardCharsets.US_ASCII));
    }

    private static Signature signature(String algorithm) {
        try {
            return Signature.getInstance(algorithm);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " is required of every JVM", e);
        }
    }
}
