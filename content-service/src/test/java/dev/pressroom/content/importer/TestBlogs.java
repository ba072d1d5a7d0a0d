package dev.pressroom.content.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/** Blog folders for tests: a copy of the shipped demo blog that a test may change. */
public final class TestBlogs {

    public static final Path DEMO = Path.of("demo/kitchen");

    private TestBlogs() {}

    /**
     * A blog name no earlier run used: the test database outlives runs, so a test that must start from a new blog
     * (one whose first import changes nothing a CDN holds) cannot take a fixed name.
     */
    public static String freshName(String prefix) {
        return prefix + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 24);
    }

    public static Path demoCopy(Path target) {
        try (Stream<Path> files = Files.walk(DEMO)) {
            for (Path source : files.toList()) {
                Path destination = target.resolve(DEMO.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(destination);
                } else {
                    Files.copy(source, destination);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Path folder, String relative, String text) {
        try {
            Files.createDirectories(folder.resolve(relative).getParent());
            Files.writeString(folder.resolve(relative), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A small published post by ana with the given tags. */
    public static String post(String title, String publishedAt, String tags) {
        return "---\ntitle: " + title + "\nstatus: published\npublished_at: " + publishedAt + "\ntags: [" + tags
                + "]\nauthors: [ana]\n---\nBody of " + title + ".\n";
    }
}
