package dev.pressroom.manifest.cli;

import dev.pressroom.manifest.validation.ManifestValidator;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Turns the command's paths into inputs: a .json file is a manifest, a .zip a package, a folder with manifest.json an
 * add-on; any other folder is a catalog, and every add-on folder and .zip below it (not inside an add-on, not in
 * hidden folders or node_modules) is validated. {@code batch} says whether the run is about several add-ons (several
 * paths or a catalog), which picks the batch report over a single one.
 */
record Discovery(List<Input> inputs, boolean batch) {

    /** A path that is not there, or not a kind of input: the command cannot run (exit status 2). */
    static final class BadPathException extends Exception {
        private static final long serialVersionUID = 1L;

        BadPathException(String message) {
            super(message, null, false, false);
        }
    }

    static Discovery of(List<String> paths) throws BadPathException, IOException {
        List<Input> inputs = new ArrayList<>();
        boolean catalog = false;
        for (String arg : paths) {
            Path path = Path.of(arg);
            String name = displayName(arg);
            if (Files.isDirectory(path)) {
                if (Files.isRegularFile(path.resolve(ManifestValidator.FILE))) {
                    inputs.add(new Input.Folder(path, name));
                } else {
                    List<Input> found = catalog(path, name);
                    if (found.isEmpty()) {
                        throw new BadPathException(arg + ": no add-on in this folder (no folder with "
                                + ManifestValidator.FILE + ", no .zip)");
                    }
                    inputs.addAll(found);
                    catalog = true;
                }
            } else if (Files.isRegularFile(path)) {
                inputs.add(file(path, name, arg));
            } else {
                throw new BadPathException(arg + ": no such file or folder");
            }
        }
        return new Discovery(List.copyOf(inputs), catalog || paths.size() > 1);
    }

    private static Input file(Path path, String name, String arg) throws BadPathException {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".json")) {
            return new Input.Manifest(path, name);
        }
        if (lower.endsWith(".zip")) {
            return new Input.Zip(path, name);
        }
        throw new BadPathException(arg + ": not a manifest (.json), a package (.zip) or a folder");
    }

    private static List<Input> catalog(Path root, String rootName) throws IOException {
        List<Input> found = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String folder =
                        dir.getFileName() == null ? "" : dir.getFileName().toString();
                if (!dir.equals(root) && (folder.startsWith(".") || folder.equals("node_modules"))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                if (Files.isRegularFile(dir.resolve(ManifestValidator.FILE))) {
                    found.add(new Input.Folder(dir, child(rootName, root, dir)));
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()
                        && file.getFileName()
                                .toString()
                                .toLowerCase(Locale.ROOT)
                                .endsWith(".zip")) {
                    found.add(new Input.Zip(file, child(rootName, root, file)));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        found.sort(Comparator.comparing(Input::name));
        return found;
    }

    private static String child(String rootName, Path root, Path path) {
        String relative = displayName(root.relativize(path).toString());
        return rootName.equals(".") ? relative : rootName + "/" + relative;
    }

    /** The path as written, normalized ({@code ./a//b/} is {@code a/b}), with forward slashes. */
    static String displayName(String arg) {
        String normalized = Path.of(arg).normalize().toString().replace(File.separatorChar, '/');
        return normalized.isEmpty() ? "." : normalized;
    }
}
