package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.Prerequisites;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tests of the OpenSSL signer run wherever the build could compile its library (gcc and OpenSSL 3 headers). */
final class OpenSslAvailable {

    /** Written by src/main/c/build.sh when it skips, with the reason. */
    private static final Path SKIPPED = Path.of("target", "rs256-skipped.txt");

    private OpenSslAvailable() {}

    /**
     * Skips the test (fails it under CI=true) only when the build said it skipped the library; a library that is there
     * must load.
     */
    static OpenSslRsaSigner signer() {
        if (OpenSsl.class.getClassLoader().getResource(OpenSsl.resource()) == null) {
            assertThat(SKIPPED)
                    .as("%s is missing, yet the build did not skip it", OpenSsl.resource())
                    .exists();
            try {
                Prerequisites.require(
                        false,
                        "the build skipped the OpenSSL signer: "
                                + Files.readString(SKIPPED).trim() + " (make deps installs what it needs)");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return OpenSslRsaSigner.load();
    }
}
