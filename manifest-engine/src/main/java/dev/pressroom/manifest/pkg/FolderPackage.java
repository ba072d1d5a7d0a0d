package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.Rule;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An add-on folder read as the package zipping its contents would make: every file and folder is an entry named by
 * its path relative to the folder (with /), under the same limits on entries and bytes. Symbolic links are not
 * followed but kept as symlink entries, which the package checks refuse, as they refuse them in a zip.
 */
final class FolderPackage {

    /** The entries, files with their bytes and folders (name ending /) and symlinks with none. */
    // The bytes are read once and handed to the package checks; an entry is never compared, hashed or kept.
    @SuppressWarnings("ArrayRecordComponent")
    record Entry(String name, byte[] data, boolean symlink) {}

    private FolderPackage() {}

    static List<Entry> read(Path folder, PackageLimits limits) throws IOException, PackageException {
        List<Entry> entries = new ArrayList<>();
        long[] total = {0};
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                    if (!dir.equals(folder)) {
                        add(new Entry(name(folder, dir) + "/", null, false));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    String name = name(folder, file);
                    if (attributes.isSymbolicLink() || !attributes.isRegularFile()) {
                        add(new Entry(name, null, attributes.isSymbolicLink()));
                        return FileVisitResult.CONTINUE;
                    }
                    total[0] += attributes.size();
                    if (total[0] > limits.maxUncompressedBytes()) {
                        throw new LimitReached("The package's files hold more than " + limits.maxUncompressedBytes()
                                + " bytes, the limit.");
                    }
                    add(new Entry(name, Files.readAllBytes(file), false));
                    return FileVisitResult.CONTINUE;
                }

                private void add(Entry entry) {
                    entries.add(entry);
                    if (entries.size() > limits.maxEntries()) {
                        throw new LimitReached(
                                "The package has more than " + limits.maxEntries() + " files and folders, the limit.");
                    }
                }
            });
        } catch (LimitReached e) {
            throw new PackageException(Rule.PACKAGE_LIMITS, e.getMessage());
        }
        entries.sort(Comparator.comparing(Entry::name)); // the same findings in the same order on every file system
        return entries;
    }

    private static String name(Path folder, Path path) {
        return folder.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
    }

    /** Ends the walk at the first limit passed; unchecked because FileVisitor methods may only throw IOException. */
    private static final class LimitReached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LimitReached(String message) {
            super(message, null, false, false);
        }
    }
}
