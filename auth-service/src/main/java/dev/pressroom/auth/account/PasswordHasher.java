package dev.pressroom.auth.account;

import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1; OWASP Password Storage Cheat Sheet),
 * encoded in the PHC string format so the parameters can be raised later and old hashes still verify.
 */
public final class PasswordHasher {

    public static final int MEMORY_KIB = 19 * 1024;
    public static final int ITERATIONS = 2;
    public static final int PARALLELISM = 1;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final int MAX_PASSWORD_BYTES = 1024;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();

    /** Verified against when the account does not exist, so a missing account costs the same time. */
    private final String dummyHash;

    public PasswordHasher() {
        this.dummyHash = hash(Tokens.random(16));
    }

    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] out = derive(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$"
                + B64.encodeToString(salt) + "$" + B64.encodeToString(out);
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

    private static byte[] derive(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13).withMemoryAsKB(memoryKib)
                .withIterations(iterations).withParallelism(parallelism).withSalt(salt).build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(params);
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
