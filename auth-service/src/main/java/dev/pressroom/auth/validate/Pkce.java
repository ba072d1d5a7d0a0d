package dev.pressroom.auth.validate;

import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

/** PKCE with S256 only (RFC 7636, OAuth 2.1 §4.1.1). */
public final class Pkce {

    public static final String S256 = "S256";
    /** RFC 7636 §4.1: 43 to 128 unreserved characters. */
    private static final Pattern VERIFIER = Pattern.compile("[A-Za-z0-9\\-._~]{43,128}");
    /** base64url of a SHA-256 digest, no padding: exactly 43 characters (RFC 7636 §4.2). */
    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9\\-_]{43}");

    private Pkce() {}

    public static boolean isValidChallenge(String challenge) {
        return challenge != null && CHALLENGE.matcher(challenge).matches();
    }

    /** RFC 7636 §4.1: 43 to 128 unreserved characters. */
    public static boolean isValidVerifier(String verifier) {
        return verifier != null && VERIFIER.matcher(verifier).matches();
    }

    /**
     * RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))), compared with the code's challenge where the code is
     * (CodeStore.consume); the challenge is no secret (it travelled through the browser).
     */
    public static String s256(String verifier) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(Tokens.sha256Bytes(verifier.getBytes(StandardCharsets.US_ASCII)));
    }
}
