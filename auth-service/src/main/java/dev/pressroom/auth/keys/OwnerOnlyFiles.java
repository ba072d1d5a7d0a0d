package dev.pressroom.auth.keys;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Files only their owner may read, for private keys. The file is created with its permissions in the same
 * open(2) call (O_CREAT|O_EXCL, mode 0600), so it never exists, even empty, with the umask's wider default.
 */
final class OwnerOnlyFiles {

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    /** Writes the file's bytes. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private OwnerOnlyFiles() {}

    /** Creates a new file (refused if it exists) and writes it; on a non-POSIX file system the directory protects it. */
    static void create(Path file, Content content) throws IOException {
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        boolean posix = file.getFileSystem().supportedFileAttributeViews().contains("posix");
        try (OutputStream out = Channels.newOutputStream(
                posix ? Files.newByteChannel(file, options, OWNER_ONLY) : Files.newByteChannel(file, options))) {
            content.writeTo(out);
        }
    }
}
