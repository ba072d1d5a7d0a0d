package dev.pressroom.auth.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tests of the native Argon2id run wherever the build could compile its library (gcc and the JNI headers). */
final class NativeArgon2Available {

    /** Written by src/main/c/build.sh when it skips, with the reason. */
    private static final Path SKIPPED = Path.of("target", "argon2-skipped.txt");

    private NativeArgon2Available() {
    }

    /**
     * Skips the test only when the build said it skipped the library; a library that is there must load.
     *
     * @param portable the portable C compression function even where the CPU has AVX2
     */
    static NativeMemoryFill fill(boolean portable) {
        if (NativeArgon2.class.getClassLoader().getResource(NativeArgon2.resource()) == null) {
            assertThat(SKIPPED).as("%s is missing, yet the build did not skip it", NativeArgon2.resource()).exists();
            try {
                assumeTrue(false, "the build skipped the native Argon2id: " + Files.readString(SKIPPED).trim());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return NativeMemoryFill.load(NativeArgon2.resource(), portable);
    }
}
