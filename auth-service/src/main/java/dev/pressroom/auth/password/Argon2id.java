package dev.pressroom.auth.password;

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

    /** What computes the hash, for the startup log line. */
    String description();
}
