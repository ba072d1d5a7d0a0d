package dev.pressroom.kernel.id;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Random opaque tokens, their one-way hashes for storage, and constant-time comparison. */
public final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private Tokens() {}

    /** {@code bytes} random bytes from a CSPRNG, base64url without padding (32 bytes: 256 bits, 43 characters). */
    public static String random(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("bytes must be positive: " + bytes);
        }
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return BASE64URL.encodeToString(buffer);
    }

    /** SHA-256 of the UTF-8 text, base64url: how high-entropy tokens are stored, so a leaked store leaks no token. */
    public static String sha256(String text) {
        return BASE64URL.encodeToString(sha256Bytes(text.getBytes(StandardCharsets.UTF_8)));
    }

    public static byte[] sha256Bytes(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** Compares two secrets in time that does not depend on where they differ; null equals nothing. */
    public static boolean constantTimeEquals(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
