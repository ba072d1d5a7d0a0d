package dev.pressroom.auth.token;

import dev.pressroom.auth.keys.SigningKey;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Compact JWS serialization (RFC 7515 §7.1) with RS256 (RFC 7518 §3.3). The RSA operation is the whole cost of a
 * token; this adds only two base64url encodings around the signer.
 */
final class Rs256Jws {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final RsaSigner signer;

    Rs256Jws(RsaSigner signer) {
        this.signer = signer;
    }

    /** @param claims the JWT claims set as UTF-8 JSON (RFC 7519 §7.1) */
    String sign(SigningKey key, byte[] claims) {
        String signingInput = header(key.kid()) + "." + BASE64URL.encodeToString(claims);
        byte[] signature = signer.sign(key, signingInput.getBytes(StandardCharsets.US_ASCII));
        return signingInput + "." + BASE64URL.encodeToString(signature);
    }

    /** RFC 7515 §4.1: the kid alphabet (PemKeys.KID) needs no JSON escaping. */
    private static String header(String kid) {
        String json = "{\"alg\":\"RS256\",\"kid\":\"" + kid + "\",\"typ\":\"JWT\"}";
        return BASE64URL.encodeToString(json.getBytes(StandardCharsets.US_ASCII));
    }
}
