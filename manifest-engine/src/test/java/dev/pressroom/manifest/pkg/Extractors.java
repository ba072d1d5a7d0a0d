package dev.pressroom.manifest.pkg;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;

/**
 * The outside oracle of the package checks: real extractors, each asked what a zip holds. A view is a sorted list of
 * lines, one per file ({@code name file size sha256}), folder ({@code name/ dir}) or symbolic link ({@code name
 * symlink target}); a tool that fails gives a single line saying so. The command-line tools are Debian's {@code unzip}
 * (Info-ZIP unzip and zipinfo), {@code libarchive-tools} (bsdtar, from a file and as a stream) and {@code p7zip-full}
 * (7z), and {@code python3}'s zipfile: {@code make deps} installs them.
 */
final class Extractors {

    /** What one extractor shows of an archive. */
    record View(String extractor, List<String> lines) {}

    /** Extracting tools write a tree, which holds every folder a path implies; listing tools show the entries. */
    enum Kind {
        TREE,
        ENTRIES,
        NAMES
    }

    private static final long TIMEOUT_SECONDS = 30;

    private static final String PYTHON_LISTING = """
            import hashlib, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                for i in z.infolist():
                    data = z.read(i)
                    if (i.external_attr >> 16) & 0o170000 == 0o120000:
                        print(i.filename + '\\tsymlink\\t' + data.decode('utf-8', 'replace'))
                    elif i.is_dir():
                        print(i.filename + '\\tdir')
                    else:
                        print(i.filename + '\\tfile\\t' + str(len(data)) + '\\t' + hashlib.sha256(data).hexdigest())
            """;

    private Extractors() {}

    /** Every extractor's view of {@code zip}, by kind. */
    static Map<View, Kind> views(byte[] zip) throws IOException {
        Path work = Files.createTempDirectory("parity");
        try {
            Path file = work.resolve("package.zip");
            Files.write(file, zip);
            Map<View, Kind> views = new LinkedHashMap<>();
            views.put(tree("unzip", work, null, "unzip", "-qq", "-o", file.toString(), "-d", "%OUT%"), Kind.TREE);
            views.put(tree("bsdtar", work, null, "bsdtar", "-xf", file.toString(), "-C", "%OUT%"), Kind.TREE);
            views.put(tree("bsdtar (stream)", work, file, "bsdtar", "-xf", "-", "-C", "%OUT%"), Kind.TREE);
            views.put(
                    tree("7z", work, null, "7z", "x", "-y", "-bd", "-bso0", "-bsp0", "-o%OUT%", file.toString()),
                    Kind.TREE);
            views.put(sorted("zipinfo", run(work, null, "zipinfo", "-1", file.toString())), Kind.NAMES);
            views.put(
                    sorted("python zipfile", run(work, null, "python3", "-c", PYTHON_LISTING, file.toString())),
                    Kind.ENTRIES);
            views.put(javaZipFile(file), Kind.ENTRIES);
            views.put(commonsCompressFile(file), Kind.ENTRIES);
            views.put(commonsCompressStream(zip), Kind.ENTRIES);
            return views;
        } finally {
            delete(work);
        }
    }

    /** The same lines for the engine's own listing, with the folders its paths imply for the tree kind. */
    static List<String> expected(List<String> entries, Kind kind) {
        List<String> lines = new ArrayList<>(entries);
        if (kind == Kind.TREE) {
            for (String line : entries) {
                String name = line.substring(0, line.indexOf('\t'));
                for (int slash = name.indexOf('/'); slash > 0 && slash < name.length() - 1; ) {
                    String folder = name.substring(0, slash + 1) + "\tdir";
                    if (!lines.contains(folder)) {
                        lines.add(folder);
                    }
                    slash = name.indexOf('/', slash + 1);
                }
            }
        }
        if (kind == Kind.NAMES) {
            lines.replaceAll(line -> line.substring(0, line.indexOf('\t')));
        }
        Collections.sort(lines);
        return lines;
    }

    static String fileLine(String name, long size, byte[] sha256) {
        return name + "\tfile\t" + size + "\t" + HexFormat.of().formatHex(sha256);
    }

    /**
     * Extracts into a folder four levels below the work folder, so that a "../../" name an extractor lets through
     * still lands inside the work folder, which is deleted.
     */
    private static View tree(String extractor, Path work, Path stdin, String... command) throws IOException {
        Path out = Files.createTempDirectory(Files.createDirectories(work.resolve("a/b/c")), "out");
        String[] resolved =
                Stream.of(command).map(c -> c.replace("%OUT%", out.toString())).toArray(String[]::new);
        List<String> run = run(work, stdin, resolved);
        if (!run.isEmpty() && run.get(0).startsWith("FAILED")) {
            return new View(extractor, run);
        }
        List<String> lines = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(out)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                if (p.equals(out)) {
                    continue;
                }
                String name = out.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    lines.add(name + "\tsymlink\t" + Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    lines.add(name + "/\tdir");
                } else {
                    try (InputStream in = Files.newInputStream(p)) {
                        lines.add(hashed(name, in));
                    }
                }
            }
        }
        Collections.sort(lines);
        return new View(extractor, lines);
    }

    private static View sorted(String extractor, List<String> run) {
        List<String> lines = new ArrayList<>(run);
        Collections.sort(lines);
        return new View(extractor, lines);
    }

    private static View javaZipFile(Path file) {
        List<String> lines = new ArrayList<>();
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(file.toFile(), StandardCharsets.UTF_8)) {
            for (java.util.zip.ZipEntry e : Collections.list(zip.entries())) {
                if (e.isDirectory()) {
                    lines.add(e.getName() + "\tdir");
                } else {
                    try (InputStream in = zip.getInputStream(e)) {
                        lines.add(hashed(e.getName(), in));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return new View("java.util.zip.ZipFile", List.of("FAILED " + e));
        }
        Collections.sort(lines);
        return new View("java.util.zip.ZipFile", lines);
    }

    private static View commonsCompressFile(Path file) {
        List<String> lines = new ArrayList<>();
        try (org.apache.commons.compress.archivers.zip.ZipFile zip =
                org.apache.commons.compress.archivers.zip.ZipFile.builder()
                        .setPath(file)
                        .get()) {
            for (ZipArchiveEntry e : Collections.list(zip.getEntries())) {
                try (InputStream in = zip.getInputStream(e)) {
                    lines.add(commonsLine(e, in));
                }
            }
        } catch (IOException | RuntimeException e) {
            return new View("commons-compress ZipFile", List.of("FAILED " + e));
        }
        Collections.sort(lines);
        return new View("commons-compress ZipFile", lines);
    }

    /** The streaming reader, which walks the local headers and never sees the central directory. */
    private static View commonsCompressStream(byte[] zip) {
        List<String> lines = new ArrayList<>();
        try (ZipArchiveInputStream in =
                new ZipArchiveInputStream(new java.io.ByteArrayInputStream(zip), "UTF-8", true, true)) {
            for (ZipArchiveEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                lines.add(commonsLine(e, in));
            }
        } catch (IOException | RuntimeException e) {
            return new View("commons-compress ZipArchiveInputStream", List.of("FAILED " + e));
        }
        Collections.sort(lines);
        return new View("commons-compress ZipArchiveInputStream", lines);
    }

    private static String commonsLine(ZipArchiveEntry e, InputStream in) throws IOException {
        if (e.isUnixSymlink()) {
            return e.getName() + "\tsymlink\t" + new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (e.isDirectory()) {
            return e.getName() + "\tdir";
        }
        return hashed(e.getName(), in);
    }

    /** Reads {@code in} to its end without closing it (a streaming reader's entry stream is the archive's). */
    @SuppressWarnings("resource")
    static String hashed(String name, InputStream in) throws IOException {
        MessageDigest sha256 = sha256();
        long size = new DigestInputStream(in, sha256).transferTo(java.io.OutputStream.nullOutputStream());
        return fileLine(name, size, sha256.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The command's standard output as lines, or one line starting FAILED with its exit code and error output. */
    private static List<String> run(Path work, Path stdin, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        builder.environment().put("LC_ALL", "C.UTF-8");
        builder.redirectInput(ProcessBuilder.Redirect.from(stdin == null ? new File("/dev/null") : stdin.toFile()));
        Path err = Files.createTempFile(work, "err", ".txt");
        builder.redirectError(err.toFile());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException(
                    command[0] + " is missing: `make deps` installs the extractors the package tests compare"
                            + " with.",
                    e);
        }
        List<String> lines;
        try (InputStream out = process.getInputStream()) {
            lines = new String(out.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return List.of("FAILED timeout");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        if (process.exitValue() != 0) {
            String error = Files.readString(err).strip();
            return List.of("FAILED exit " + process.exitValue() + ": "
                    + error.lines().findFirst().orElse(""));
        }
        return lines;
    }

    private static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Collections.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
