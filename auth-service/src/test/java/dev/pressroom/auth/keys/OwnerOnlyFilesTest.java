package dev.pressroom.auth.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A private key file is owner-only from the moment it exists, before its first byte. */
class OwnerOnlyFilesTest {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    @TempDir
    Path dir;

    @Test
    void createWhenFirstByteWrittenThenFileAlreadyOwnerOnly() throws Exception {
        Path file = dir.resolve("k.pem");
        AtomicReference<Set<PosixFilePermission>> before = new AtomicReference<>();

        OwnerOnlyFiles.create(file, out -> {
            before.set(Files.getPosixFilePermissions(file));
            out.write("secret".getBytes(StandardCharsets.US_ASCII));
        });

        assertThat(before.get()).isEqualTo(OWNER_ONLY);
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(OWNER_ONLY);
        assertThat(Files.readString(file)).isEqualTo("secret");
    }

    @Test
    void createWhenFileExistsThenRefusedAndLeftAlone() throws Exception {
        Path file = Files.writeString(dir.resolve("k.pem"), "old");
        assertThatThrownBy(() -> OwnerOnlyFiles.create(file, out -> out.write(1)))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(file)).isEqualTo("old");
    }

    @Test
    void writeNewKeyWhenDoneThenOwnerOnlyKeyFileAndNothingElse() throws Exception {
        String kid = SigningKeys.writeNewKey(dir, java.time.Clock.systemUTC(), JwsAlgorithm.RS256);
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly(kid + ".pem");
        }
        assertThat(Files.getPosixFilePermissions(dir.resolve(kid + ".pem"))).isEqualTo(OWNER_ONLY);
        assertThat(PemKeys.parse(kid, Files.readString(dir.resolve(kid + ".pem")))
                        .kid())
                .isEqualTo(kid);
    }
}
