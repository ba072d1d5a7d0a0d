package dev.pressroom.auth.password;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id by Bouncy Castle in Java, where the bundled reference C cannot load (another platform, a build without
 * gcc) or AUTH_ARGON2=java. About twice as slow, and it allocates each hash's memory in the heap. This is the only
 * class that names Bouncy Castle, made only when it is chosen: loading a class of its signed jar costs startup.
 */
final class BouncyCastleArgon2id implements Argon2id {

    /** A constant, so the chooser can log it without loading this class. */
    static final String DESCRIPTION = "Argon2id by Bouncy Castle in Java";

    @Override
    public byte[] hash(
            byte[] password, byte[] salt, byte[] key, byte[] ad, int memoryKib, int passes, int lanes, int tagLength) {
        // The reference's own checks (RFC 9106 §3.1), so both implementations refuse the same parameters.
        if (lanes < 1 || lanes > 0xFFFFFF || passes < 1 || tagLength < 4 || memoryKib < 8 * lanes || salt.length < 8) {
            throw new IllegalArgumentException(
                    "Argon2 needs p in 1..2^24-1, t >= 1, m >= 8p KiB, a 4+ byte tag and " + "an 8+ byte salt");
        }
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib)
                .withIterations(passes)
                .withParallelism(lanes)
                .withSalt(salt)
                .withSecret(key)
                .withAdditional(ad)
                .build());
        byte[] tag = new byte[tagLength];
        generator.generateBytes(password, tag);
        return tag;
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }
}
