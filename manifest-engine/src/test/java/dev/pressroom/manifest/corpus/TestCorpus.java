package dev.pressroom.manifest.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Every manifest and package the tests keep as files: the fixture manifests (valid and invalid) and the fuzzers'
 * seeds and findings for the manifest and package validators. Read from this module's test classpath, whether that
 * is a folder (in the module) or the test-jar (in manifest-service and manifest-cli).
 */
public final class TestCorpus {

    /** What the sample is given to: the manifest validator or the package validator. */
    public enum Kind {
        MANIFEST,
        PACKAGE
    }

    /** {@code name} is the resource folder and file name, unique in the corpus. */
    // A sample is named by its name alone (toString, parameterised test names); its bytes are only read.
    @SuppressWarnings("ArrayRecordComponent")
    public record Sample(String name, Kind kind, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String FUZZ = "dev/pressroom/manifest/";

    private TestCorpus() {}

    public static List<Sample> all() {
        List<Sample> samples = new ArrayList<>();
        samples.addAll(folder("manifests/valid", Kind.MANIFEST));
        samples.addAll(folder("manifests/invalid", Kind.MANIFEST));
        samples.addAll(folder(
                FUZZ + "validation/ManifestFuzzTestInputs/validateNeverThrowsAndEveryPointerResolves", Kind.MANIFEST));
        samples.addAll(folder(FUZZ + "pkg/PackageFuzzTestInputs/validatePackageNeverThrows", Kind.PACKAGE));
        return samples;
    }

    private static List<Sample> folder(String resource, Kind kind) {
        URL url = TestCorpus.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException("No corpus folder " + resource);
        }
        try {
            URI uri = url.toURI();
            if (uri.getScheme().equals("jar")) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    return read(jar.getPath(resource), resource, kind);
                }
            }
            return read(Path.of(uri), resource, kind);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Sample> read(Path folder, String resource, Kind kind) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.sorted().toList()) {
                samples.add(new Sample(resource + "/" + file.getFileName(), kind, Files.readAllBytes(file)));
            }
        }
        return samples;
    }
}
