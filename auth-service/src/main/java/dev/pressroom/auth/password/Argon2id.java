package dev.pressroom.auth.password;

import java.time.Duration;

/**
 * Argon2id, version 0x13 (RFC 9106): the reference C bundled with the service ({@link ReferenceArgon2id}) or, where
 * it cannot load, Bouncy Castle's Java ({@link BouncyCastleArgon2id}). Both give the same tags.
 */
interface Argon2id {

    /**
     * The tag of {@code password} with secret {@code key} and associated data {@code ad} (empty for passwords; RFC
     * 9106's test vector has both).
     *
     * @throws IllegalArgumentException for parameters Argon2 does not allow
     */
    byte[] hash(
            byte[] password, byte[] salt, byte[] key, byte[] ad, int memoryKib, int passes, int lanes, int tagLength);

    /**
     * Gives back to the system the memory kept for hashes and unused for {@code idle}; answers how many work areas it
     * gave back. Nothing is kept by default (Bouncy Castle's memory is the heap's).
     */
    default int releaseIdleMemory(Duration idle) {
        return 0;
    }

    /** The work areas whose memory is kept, for the gauge. */
    default int residentAreas() {
        return 0;
    }

    /** What computes the hash, for the startup log line. */
    String description();
}
