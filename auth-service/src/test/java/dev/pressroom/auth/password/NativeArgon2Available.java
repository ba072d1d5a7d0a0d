package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.Prerequisites;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tests of the reference C run wherever the build could compile its library (gcc and the JNI headers). */
final class NativeArgon2Available {

    /** Written by src/main/c/build.sh when it skips, with the reason. */
    private static final Path SKIPPED = Path.of("target", "argon2-skipped.txt");

    private NativeArgon2Available() {}

    /**
     * Skips the test (fails it under CI=true) only when the build said it skipped the library; a library that is
     * there must load.
     *
     * @param ceiling the most the C code may use: ANY, or the slower code forced even where the CPU has more
     */
    static ReferenceArgon2id reference(int areas, int areaKib, NativeArgon2.Ceiling ceiling) {
        if (NativeArgon2.class.getClassLoader().getResource(NativeArgon2.resource()) == null) {
            assertThat(SKIPPED)
                    .as("%s is missing, yet the build did not skip it", NativeArgon2.resource())
                    .exists();
            try {
                Prerequisites.require(
                        false,
                        "the build skipped the native Argon2id: "
                                + Files.readString(SKIPPED).trim() + " (make deps installs what it needs)");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return ReferenceArgon2id.load(NativeArgon2.resource(), areas, areaKib, ceiling);
    }
}
