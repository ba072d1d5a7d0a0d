package dev.pressroom.auth.token;

import dev.pressroom.auth.keys.SigningKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.Base64;

/**
 * Compact JWS serialization (RFC 7515 §7.1) with RS256 (RFC 7518 §3.3), signed by the JDK's SHA256withRSA.
 * The RSA operation is the whole cost of a token; this adds only two base64url encodings around it.
 */
final class Rs256Jws {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    /** A Signature is stateful: each thread keeps one rather than looking up the provider for every token. */
    private static final ThreadLocal<Signature> SIGNATURE = ThreadLocal.withInitial(Rs256Jws::newSignature);

    private Rs256Jws() {
    }

    /** @param claims the JWT claims set as UTF-8 JSON (RFC 7519 §7.1) */
    static String sign(SigningKey key, byte[] claims) {
        String signingInput = header(key.kid()) + "." + BASE64URL.encodeToString(claims);
        try {
            Signature signature = SIGNATURE.get();
            signature.initSign(key.privateKey());
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + BASE64URL.encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign with key " + key.kid(), e);
        }
    }

    /** RFC 7515 §4.1: the kid alphabet (PemKeys.KID) needs no JSON escaping. */
    private static String header(String kid) {
        String json = "{\"alg\":\"RS256\",\"kid\":\"" + kid + "\",\"typ\":\"JWT\"}";
        return BASE64URL.encodeToString(json.getBytes(StandardCharsets.US_ASCII));
    }

    private static Signature newSignature() {
        try {
            return Signature.getInstance("SHA256withRSA");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA256withRSA is required of every JVM", e);
        }
    }
}
