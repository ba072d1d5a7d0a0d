package dev.pressroom.auth.password;

import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * Argon2id at one of OWASP's equivalent minimum settings, m=7 MiB, t=5, p=1 (OWASP Password Storage Cheat Sheet;
 * also Keycloak's default). Of the settings OWASP lists as equally strong it needs the least memory per hash in
 * flight (7 instead of 19 MiB) for about the same CPU. Encoded in the PHC string format, so hashes made with
 * other parameters still verify and are replaced at the next sign-in ({@link #needsRehash}). The hash is
 * {@link Argon2id}, the reference C or Bouncy Castle (AUTH_ARGON2, {@link PasswordHasherProducer}).
 */
public final class PasswordHasher {

    public static final int MEMORY_KIB = 7 * 1024;
    public static final int ITERATIONS = 5;
    public static final int PARALLELISM = 1;
    private static final String CURRENT = "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final int MAX_PASSWORD_BYTES = 1024;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();
    private static final byte[] NONE = new byte[0];

    private final Argon2id argon2;
    /** Verified against when the account does not exist, so a missing account costs the same time. */
    private final String dummyHash;

    PasswordHasher(Argon2id argon2) {
        this.argon2 = argon2;
        this.dummyHash = hash(Tokens.random(16));
    }

    public String hash(String password) {
        return hash(password, MEMORY_KIB, ITERATIONS);
    }

    /** A hash with other parameters than today's: how older accounts' hashes were made (they are rehashed at sign-in). */
    public String hash(String password, int memoryKib, int iterations) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] out = derive(password, salt, memoryKib, iterations, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + memoryKib + ",t=" + iterations + ",p=" + PARALLELISM + "$"
                + B64.encodeToString(salt) + "$" + B64.encodeToString(out);
    }

    /** True for a hash made with other parameters than today's: it is replaced once the password is known. */
    public static boolean needsRehash(String encoded) {
        return !encoded.startsWith(CURRENT);
    }

    /** Verifies in constant time; a null hash (no such account) verifies the dummy hash and answers false. */
    public boolean verify(String password, String encoded) {
        boolean real = encoded != null;
        String[] parts = (real ? encoded : dummyHash).split("\\$");
        if (parts.length != 6 || !"argon2id".equals(parts[1])) {
            return false;
        }
        int m = 0;
        int t = 0;
        int p = 0;
        for (String kv : parts[3].split(",")) {
            int v = Integer.parseInt(kv.substring(2));
            switch (kv.charAt(0)) {
                case 'm' -> m = v;
                case 't' -> t = v;
                case 'p' -> p = v;
                default -> {
                    return false;
                }
            }
        }
        byte[] salt = B64D.decode(parts[4]);
        byte[] expected = B64D.decode(parts[5]);
        byte[] actual = derive(password, salt, m, t, p, expected.length);
        return MessageDigest.isEqual(expected, actual) && real;
    }

    public static boolean acceptableLength(String password) {
        return password != null && password.getBytes(StandardCharsets.UTF_8).length <= MAX_PASSWORD_BYTES;
    }

    private byte[] derive(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        byte[] bytes = password.getBytes(StandardCharsets.UTF_8);
        try {
            return argon2.hash(bytes, salt, NONE, NONE, memoryKib, iterations, parallelism, length);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }
}
