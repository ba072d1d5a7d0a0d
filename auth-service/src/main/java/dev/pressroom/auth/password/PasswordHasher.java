package dev.pressroom.auth.password;

import dev.pressroom.kernel.id.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Argon2id at one of OWASP's equivalent minimum settings, m=7 MiB, t=5, p=1 (OWASP Password Storage Cheat Sheet;
 * also Keycloak's default). Of the settings OWASP lists as equally strong it needs the least memory per hash in
 * flight (7 instead of 19 MiB) for about the same CPU. Encoded in the PHC string format, so hashes made with
 * other parameters still verify and are replaced at the next sign-in ({@link #needsRehash}), up to a ceiling: a
 * stored hash asking for more is refused, not computed (a 16 GiB m in the database must not take the replica down).
 * The hash is {@link Argon2id}, the reference C or Bouncy Castle (AUTH_ARGON2, {@link PasswordHasherProducer}).
 */
public final class PasswordHasher {

    private static final Logger LOG = Logger.getLogger(PasswordHasher.class);

    public static final int MEMORY_KIB = 7 * 1024;
    public static final int ITERATIONS = 5;
    public static final int PARALLELISM = 1;
    /**
     * The most a stored hash may ask for: 64 MiB (above OWASP's largest setting, m=46 MiB t=1), 10 passes and 8
     * lanes, about 20 times today's work. Hashing threads × this is the most memory hashes can hold at once.
     */
    public static final int MAX_MEMORY_KIB = 64 * 1024;

    public static final int MAX_ITERATIONS = 10;
    public static final int MAX_PARALLELISM = 8;
    private static final String CURRENT =
            "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$";
    /** $argon2id$v=19$m=..,t=..,p=..$salt$tag, salt 8-64 and tag 16-64 bytes (unpadded base64). */
    private static final Pattern PHC = Pattern.compile("\\$argon2id\\$v=19\\$m=(\\d{1,10}),t=(\\d{1,10}),p=(\\d{1,10})"
            + "\\$([A-Za-z0-9+/]{11,86})\\$([A-Za-z0-9+/]{22,86})");

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final int MAX_PASSWORD_BYTES = 1024;
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
        byte[] salt = Tokens.randomBytes(SALT_BYTES);
        byte[] out = derive(password, salt, memoryKib, iterations, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + memoryKib + ",t=" + iterations + ",p=" + PARALLELISM + "$"
                + B64.encodeToString(salt) + "$" + B64.encodeToString(out);
    }

    /** True for a hash made with other parameters than today's: it is replaced once the password is known. */
    public static boolean needsRehash(String encoded) {
        return !encoded.startsWith(CURRENT);
    }

    /**
     * Verifies in constant time; a null hash (no such account) verifies the dummy hash and answers false. A stored
     * hash that is not Argon2id v=19 in the PHC format, or asks for more than the ceiling, answers false at once
     * (logged): it cannot be a hash this service made.
     */
    public boolean verify(String password, String encoded) {
        boolean real = encoded != null;
        Matcher phc = PHC.matcher(real ? encoded : dummyHash);
        if (!phc.matches()) {
            LOG.warn("A stored password hash is not Argon2id v=19 in the PHC string format; refused");
            return false;
        }
        long m = Long.parseLong(phc.group(1));
        long t = Long.parseLong(phc.group(2));
        long p = Long.parseLong(phc.group(3));
        if (m > MAX_MEMORY_KIB || t > MAX_ITERATIONS || p > MAX_PARALLELISM || t < 1 || p < 1 || m < 8 * p) {
            LOG.warnf(
                    "A stored password hash asks for m=%d KiB, t=%d, p=%d, outside m 8p..%d, t 1..%d, p 1..%d; "
                            + "refused",
                    m, t, p, MAX_MEMORY_KIB, MAX_ITERATIONS, MAX_PARALLELISM);
            return false;
        }
        byte[] salt;
        byte[] expected;
        try {
            salt = B64D.decode(phc.group(4));
            expected = B64D.decode(phc.group(5));
        } catch (IllegalArgumentException e) {
            LOG.warn("A stored password hash has a salt or tag that is not base64; refused");
            return false;
        }
        byte[] actual = derive(password, salt, (int) m, (int) t, (int) p, expected.length);
        return MessageDigest.isEqual(expected, actual) && real;
    }

    /** Gives back the hashes' work memory unused for {@code idle}; answers how many work areas it gave back. */
    public int releaseIdleMemory(Duration idle) {
        return argon2.releaseIdleMemory(idle);
    }

    /** The work areas whose memory is kept now. */
    public int residentAreas() {
        return argon2.residentAreas();
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
