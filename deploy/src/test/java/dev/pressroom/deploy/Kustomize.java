package dev.pressroom.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.pressroom.kernel.testing.Prerequisites;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Renders an overlay with {@code kubectl kustomize} (or a standalone {@code kustomize build}) the way an operator
 * would, in a scratch copy of deploy/ whose git-ignored secret files are the committed *.example files.
 */
final class Kustomize {

    private static final Map<String, List<JsonNode>> RENDERED = new ConcurrentHashMap<>();
    private static final YAMLMapper YAML = new YAMLMapper();

    private Kustomize() {}

    /**
     * The rendered objects of an overlay, rendered once per test run; skips when no renderer is installed (fails under
     * CI=true).
     */
    static List<JsonNode> render(String overlay) {
        Optional<List<String>> renderer = renderer();
        Prerequisites.require(
                renderer.isPresent(),
                "No kustomize renderer on PATH to check the overlays: install kubectl (it embeds kustomize) or"
                        + " kustomize; make deps installs kubectl where an apt source offers it (not Debian's: add"
                        + " the Kubernetes apt repository)");
        return RENDERED.computeIfAbsent(overlay, name -> render(renderer.get(), name));
    }

    static Optional<List<String>> renderer() {
        if (onPath("kubectl")) {
            return Optional.of(List.of("kubectl", "kustomize"));
        }
        if (onPath("kustomize")) {
            return Optional.of(List.of("kustomize", "build"));
        }
        return Optional.empty();
    }

    private static List<JsonNode> render(List<String> renderer, String overlay) {
        Path scratch = scratchCopy();
        try {
            List<String> command = new ArrayList<>(renderer);
            command.add(scratch.resolve("overlays").resolve(overlay).toString());
            String yaml = Repo.run(command);
            List<JsonNode> objects = new ArrayList<>();
            try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(yaml)) {
                while (docs.hasNext()) {
                    JsonNode doc = docs.next();
                    if (doc != null && !doc.isNull() && !doc.isEmpty()) {
                        objects.add(doc);
                    }
                }
            }
            return List.copyOf(objects);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(scratch);
        }
    }

    private static Path scratchCopy() {
        try {
            Path scratch = Files.createTempDirectory("pressroom-deploy-");
            try (Stream<Path> files = Files.walk(Repo.DEPLOY)) {
                for (Path source : (Iterable<Path>) files::iterator) {
                    Path relative = Repo.DEPLOY.relativize(source);
                    if (relative.startsWith("src") || relative.startsWith("target")) {
                        continue;
                    }
                    Path target = scratch.resolve(relative.toString());
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(target);
                    } else if (source.getFileName().toString().endsWith(".example")) {
                        // The example stands in for the git-ignored real file, whatever a developer has locally.
                        String real = target.getFileName().toString().replaceFirst("\\.example$", "");
                        Files.copy(
                                source, target.resolveSibling(real), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    } else if (!Files.exists(source.resolveSibling(source.getFileName() + ".example"))) {
                        Files.copy(source, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            return scratch;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, command))
                .anyMatch(Files::isExecutable);
    }
}
