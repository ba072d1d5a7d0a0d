package dev.pressroom.auth.token;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Tests of the OpenSSL signer run wherever the build could compile its library (gcc and OpenSSL 3 headers). */
final class OpenSslAvailable {

    private OpenSslAvailable() {
    }

    /** Skips the test when the build skipped the library (its script warned); a library that is there must load. */
    static OpenSslRsaSigner signer() {
        assumeTrue(OpenSsl.class.getClassLoader().getResource(OpenSsl.resource()) != null,
                OpenSsl.resource() + " was not built on this machine");
        return OpenSslRsaSigner.load();
    }
}
