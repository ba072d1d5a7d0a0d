package dev.pressroom.auth.password;

/** A PasswordHasher for plain unit tests outside this package: Bouncy Castle's Argon2id, no native library. */
public final class TestHashers {

    private TestHashers() {}

    public static PasswordHasher bouncyCastle() {
        return new PasswordHasher(new BouncyCastleArgon2id());
    }
}
