package dev.pressroom.auth.token;

/** An RS256 signer for plain unit tests outside this package: the JDK's, which needs no native library. */
public final class TestSigners {

    private TestSigners() {}

    public static RsaSigner jdk() {
        return new JdkRsaSigner();
    }
}
