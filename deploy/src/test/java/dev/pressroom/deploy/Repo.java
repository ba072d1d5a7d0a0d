package dev.pressroom.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The repository as the tests see it: services, overlays, images and each service's configuration. */
final class Repo {

    static final Path ROOT = locateRoot();
    static final Path DEPLOY = ROOT.resolve("deploy");

    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    private Repo() {}

    /**
     * The Quarkus services: modules of the parent POM built by quarkus-maven-plugin that serve HTTP (Quarkus REST);
     * a command-mode application such as manifest-cli is a tool, not deployed.
     */
    static List<String> services() {
        Matcher modules = MODULE.matcher(read(ROOT.resolve("pom.xml")));
        return modules.results()
                .map(m -> m.group(1).trim())
                .filter(module -> Files.isRegularFile(ROOT.resolve(module).resolve("pom.xml")))
                .filter(module -> read(ROOT.resolve(module).resolve("pom.xml")).contains("quarkus-maven-plugin"))
                .filter(module -> read(ROOT.resolve(module).resolve("pom.xml")).contains("<artifactId>quarkus-rest"))
                .toList();
    }

    static List<String> overlays() {
        try (Stream<Path> dirs = Files.list(DEPLOY.resolve("overlays"))) {
            return dirs.filter(dir -> Files.isRegularFile(dir.resolve("kustomization.yaml")))
                    .map(dir -> dir.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The image references deploy/images.sh builds, as it prints them with {@code list}. */
    static List<String> builtImages() {
        return run(List.of("bash", DEPLOY.resolve("images.sh").toString(), "list"))
                .lines()
                .map(String::trim)
                .filter(line -> !line.isEmpty())
                .toList();
    }

    /**
     * The service's configuration as the prod profile sees it (%prod.key wins over key): its application.properties
     * over the defaults every service gets from the kernel (META-INF/microprofile-config.properties).
     */
    static QuarkusConfig config(String service) {
        Properties properties = new Properties();
        load(properties, ROOT.resolve("shared-kernel/src/main/resources/META-INF/microprofile-config.properties"));
        load(properties, ROOT.resolve(service).resolve("src/main/resources/application.properties"));
        return new QuarkusConfig(properties);
    }

    private static void load(Properties properties, Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command)
                    .directory(ROOT.toFile())
                    .redirectErrorStream(false)
                    .start();
            process.getOutputStream().close();
            byte[] out = process.getInputStream().readAllBytes();
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed:\n" + err);
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Path locateRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("deploy/images.sh")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("run from inside the repository: no deploy/images.sh above "
                + Path.of("").toAbsolutePath());
    }
}
