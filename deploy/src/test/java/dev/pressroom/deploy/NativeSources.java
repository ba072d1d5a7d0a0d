package dev.pressroom.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.kernel.testing.Prerequisites;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jboss.jandex.Index;
import org.jboss.jandex.Indexer;

/**
 * What {@code ./mvnw package -Dnative -Dquarkus.native.sources-only=true} wrote for one service: the inputs of
 * native-image (the runner jar with the generated configuration, the libraries with their own) in
 * {@code <service>/target/native-sources}.
 */
final class NativeSources {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String APP_PACKAGES = "dev/pressroom/";

    private static final Map<String, NativeSources> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

    private final String service;
    private final Path dir;
    /** reflect-config.json entries by class name, merged over every jar, as native-image merges them. */
    private final Map<String, List<JsonNode>> reflection = new HashMap<>();

    /** Classes our own hand-written configuration (META-INF/native-image/dev.pressroom/) names for reflection. */
    private final java.util.Set<String> ownReflection = new java.util.TreeSet<>();
    /** Every class in the runner jar and the libraries, by binary name. */
    private final java.util.Set<String> allClasses = new java.util.HashSet<>();

    private final List<Pattern> resourceIncludes = new ArrayList<>();
    private final Index appClasses;

    private NativeSources(String service, Path dir) {
        this.service = service;
        this.dir = dir;
        Indexer indexer = new Indexer();
        for (Path jar : jars()) {
            boolean ownCode = jar.getFileName().toString().endsWith("-runner.jar")
                    || jar.getFileName().toString().startsWith("dev.pressroom.");
            forEachEntry(jar, (name, in) -> {
                try {
                    if (name.endsWith(".class")) {
                        allClasses.add(name.substring(0, name.length() - ".class".length())
                                .replace('/', '.'));
                    }
                    if (name.startsWith("META-INF/native-image/") && name.endsWith("reflect-config.json")) {
                        boolean own = name.startsWith("META-INF/native-image/dev.pressroom/");
                        JSON.readTree(in).forEach(entry -> {
                            reflection
                                    .computeIfAbsent(entry.path("name").asText(), k -> new ArrayList<>())
                                    .add(entry);
                            if (own) {
                                ownReflection.add(entry.path("name").asText());
                            }
                        });
                    } else if (name.startsWith("META-INF/native-image/") && name.endsWith("resource-config.json")) {
                        readResourceIncludes(JSON.readTree(in));
                    } else if (ownCode && name.startsWith(APP_PACKAGES) && name.endsWith(".class")) {
                        indexer.index(in);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(jar + "!" + name, e);
                }
            });
        }
        this.appClasses = indexer.complete();
    }

    /**
     * The generated inputs of a service; skips (JUnit assumption) when they are missing or older than the sources, and
     * fails so under CI=true, where .ci/run makes them first.
     */
    static NativeSources of(String service) {
        Path dir = Repo.ROOT.resolve(service).resolve("target/native-sources");
        String generate = "./mvnw -B package -Dnative -Dquarkus.native.sources-only=true -DskipTests -pl " + service
                + " -am" + " (make native-sources), then run this module's tests";
        Prerequisites.require(
                Files.isRegularFile(dir.resolve("native-image.args")),
                service + "/target/native-sources does not exist yet: run " + generate);
        FileTime generated = lastModified(dir.resolve("native-image.args"));
        FileTime sources = newest(Repo.ROOT.resolve(service).resolve("src/main"));
        Prerequisites.require(
                sources.compareTo(generated) <= 0,
                service + "/target/native-sources is older than " + service + "/src/main: run " + generate);
        return CACHE.computeIfAbsent(service, name -> new NativeSources(name, dir));
    }

    String service() {
        return service;
    }

    Index appClasses() {
        return appClasses;
    }

    List<JsonNode> reflectionEntries(String className) {
        return reflection.getOrDefault(className, List.of());
    }

    /** The classes our hand-written reflection configuration names that are in no jar of the image. */
    List<String> missingOwnReflectedClasses() {
        return ownReflection.stream().filter(c -> !allClasses.contains(c)).toList();
    }

    boolean includesResource(String path) {
        return resourceIncludes.stream().anyMatch(p -> p.matcher(path).matches());
    }

    String nativeImageArgs() {
        return Repo.read(dir.resolve("native-image.args"));
    }

    private void readResourceIncludes(JsonNode config) {
        // Both layouts GraalVM accepts: {"resources": {"includes": [...]}} and {"resources": [...]}.
        JsonNode resources = config.path("resources");
        JsonNode includes = resources.isArray() ? resources : resources.path("includes");
        for (JsonNode include : includes) {
            if (include.has("pattern")) {
                resourceIncludes.add(Pattern.compile(include.get("pattern").asText()));
            } else if (include.has("glob")) {
                resourceIncludes.add(globToRegex(include.get("glob").asText()));
            }
        }
    }

    private static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }

    private List<Path> jars() {
        List<Path> jars = new ArrayList<>(jarsIn(dir));
        if (Files.isDirectory(dir.resolve("lib"))) {
            jars.addAll(jarsIn(dir.resolve("lib")));
        }
        jars.sort(null);
        return jars;
    }

    private static List<Path> jarsIn(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".jar")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void forEachEntry(Path jar, BiConsumer<String, InputStream> action) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry entry : java.util.Collections.list(zip.entries())) {
                if (!entry.isDirectory()) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        action.accept(entry.getName(), in);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(jar.toString(), e);
        }
    }

    private static FileTime lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FileTime newest(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(NativeSources::lastModified)
                    .max(FileTime::compareTo)
                    .orElse(FileTime.fromMillis(0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
