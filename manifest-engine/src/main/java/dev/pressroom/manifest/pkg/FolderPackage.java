package dev.pressroom.manifest.pkg;

import dev.pressroom.manifest.validation.Rule;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An add-on folder read as the package zipping its contents would make: every file and folder is an entry named by
 * its path relative to the folder (with /), under the same limits on entries and bytes. Symbolic links are not
 * followed but kept as symlink entries, which the package checks refuse, as they refuse them in a zip. Files are
 * opened when a check needs them, never all read at once.
 */
final class FolderPackage implements PackageContents {

    private final List<Entry> entries;
    private final Map<String, Path> files;

    private FolderPackage(List<Entry> entries, Map<String, Path> files) {
        this.entries = entries;
        this.files = files;
    }

    static FolderPackage read(Path folder, PackageLimits limits) throws IOException, PackageException {
        List<Entry> entries = new ArrayList<>();
        Map<String, Path> files = new HashMap<>();
        UnpackBudget size = UnpackBudget.ofFolder(limits);
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    if (!dir.equals(folder)) {
                        add(new Entry(name(folder, dir) + "/", Type.DIRECTORY));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    String name = name(folder, file);
                    if (attributes.isSymbolicLink()) {
                        add(new Entry(name, Type.SYMLINK));
                    } else if (attributes.isRegularFile()) {
                        claim(attributes.size());
                        add(new Entry(name, Type.FILE));
                        files.put(name, file);
                    } else {
                        throw new LimitReached(new PackageException(
                                Rule.PACKAGE_LAYOUT,
                                "The entry " + Names.show(name)
                                        + " is a device, pipe or socket; packages hold files and folders only."));
                    }
                    return FileVisitResult.CONTINUE;
                }

                private void claim(long bytes) {
                    try {
                        size.add(bytes);
                    } catch (PackageException limit) {
                        throw new LimitReached(limit);
                    }
                }

                private void add(Entry entry) {
                    entries.add(entry);
                    if (entries.size() > limits.maxEntries()) {
                        throw new LimitReached(new PackageException(
                                Rule.PACKAGE_LIMITS,
                                "The package has more than " + limits.maxEntries() + " files and folders, the limit."));
                    }
                }
            });
        } catch (LimitReached e) {
            throw e.finding;
        }
        entries.sort(Comparator.comparing(Entry::name)); // the same findings in the same order on every file system
        return new FolderPackage(List.copyOf(entries), files);
    }

    @Override
    public List<Entry> entries() {
        return entries;
    }

    @Override
    public InputStream open(String name) throws IOException {
        Path file = files.get(name);
        if (file == null) {
            throw new FileNotFoundException(name);
        }
        return Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
    }

    private static String name(Path folder, Path path) {
        return folder.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
    }

    /** Ends the walk at the first finding; unchecked because FileVisitor methods may only throw IOException. */
    private static final class LimitReached extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient PackageException finding;

        LimitReached(PackageException finding) {
            super(finding.getMessage(), null, false, false);
            this.finding = finding;
        }
    }
}
