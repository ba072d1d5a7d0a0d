package dev.pressroom.kernel.id;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Random opaque tokens, their one-way hashes for storage, and constant-time comparison. */
public final class Tokens {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private Tokens() {}

    /**
     * The generator, created on first use. Quarkus initialises classes while it builds a native image, and a
     * SecureRandom made then would be frozen into the executable with its seed (native-image refuses it), so only
     * this holder is initialised at run time: {@code META-INF/native-image/.../native-image.properties} says so.
     */
    private static final class Csprng {
        static final SecureRandom RANDOM = new SecureRandom();
    }

    /** {@code bytes} random bytes from the process's CSPRNG (salts, ids, keys). */
    public static byte[] randomBytes(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("bytes must be positive: " + bytes);
        }
        byte[] buffer = new byte[bytes];
        Csprng.RANDOM.nextBytes(buffer);
        return buffer;
    }

    /** {@code bytes} random bytes from a CSPRNG, base64url without padding (32 bytes: 256 bits, 43 characters). */
    public static String random(int bytes) {
        return BASE64URL.encodeToString(randomBytes(bytes));
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
