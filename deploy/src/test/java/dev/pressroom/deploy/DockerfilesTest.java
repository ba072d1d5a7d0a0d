package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each service's Dockerfiles build from the repository root, run as non-root, and expose the ports it listens on. */
class DockerfilesTest {

    private static final List<String> DOCKERFILES =
            List.of("Dockerfile.jvm", "Dockerfile.native-micro", "Dockerfile.native-build");
    private static final Pattern FROM = Pattern.compile("(?m)^FROM\\s+(\\S+)");
    private static final Pattern USER = Pattern.compile("(?m)^USER\\s+(\\S+)");
    private static final Pattern EXPOSE = Pattern.compile("(?m)^EXPOSE\\s+(.+)$");
    private static final Pattern TRAINING = Pattern.compile(
            "(?m)^RUN QUARKUS_INIT_AND_EXIT=true (?:[A-Z_]+=\\S+ )*java -XX:AOTCacheOutput=/deployments/app.aot "
                    + "((?:[^\\n\\\\]|\\\\\\n)+?-jar /deployments/quarkus-run\\.jar)");
    private static final Pattern ENTRYPOINT = Pattern.compile("(?m)^ENTRYPOINT \\[(.+)]$");

    static Stream<String> services() {
        return Repo.services().stream();
    }

    @ParameterizedTest
    @MethodSource("services")
    void dockerfileWhenPresentThenFinalStageRunsAsNumericNonRootUser(String service) {
        for (String name : DOCKERFILES) {
            String dockerfile = dockerfile(service, name);
            List<String> users =
                    USER.matcher(dockerfile).results().map(m -> m.group(1)).toList();

            // runAsNonRoot in the pods can only be verified by the kubelet for a numeric user.
            assertThat(users).as("%s %s", service, name).isNotEmpty();
            assertThat(users.get(users.size() - 1)).as("%s %s", service, name).matches("[1-9][0-9]*");
        }
    }

    @ParameterizedTest
    @MethodSource("services")
    void dockerfileWhenPresentThenExposesThePortsTheServiceListensOn(String service) {
        QuarkusConfig config = Repo.config(service);
        Map<String, String> defaults = Map.of();

        for (String name : DOCKERFILES) {
            Matcher expose = EXPOSE.matcher(dockerfile(service, name));
            assertThat(expose.find()).as("%s %s has EXPOSE", service, name).isTrue();
            List<String> ports = List.of(expose.group(1).trim().split("\\s+"));

            assertThat(ports).as("%s %s", service, name).contains(Integer.toString(config.httpPort(defaults)));
            assertThat(ports).as("%s %s", service, name).contains(Integer.toString(config.healthPort(defaults)));
        }
    }

    @ParameterizedTest
    @MethodSource("services")
    void dockerfileWhenPresentThenCopiesThisServicesOutputAndPinsItsBaseImages(String service) {
        for (String name : DOCKERFILES) {
            String dockerfile = dockerfile(service, name);

            assertThat(dockerfile).as("%s %s", service, name).contains(service + "/target/");
            assertThat(FROM.matcher(dockerfile).results().map(m -> m.group(1)))
                    .as("%s %s base images are pinned", service, name)
                    .allMatch(image -> image.matches(".+:[^:]+") && !image.endsWith(":latest"));
        }
        assertThat(dockerfile(service, "Dockerfile.native-build"))
                .contains("-Dnative")
                .contains("-pl " + service + " -am")
                .contains("ubi9-quarkus-mandrel-builder-image");
    }

    @ParameterizedTest
    @MethodSource("services")
    void jvmImageWhenBuiltThenTrainsAnAotCacheOnJdk25ThatEveryStartMaps(String service) {
        String dockerfile = dockerfile(service, "Dockerfile.jvm");
        Matcher training = TRAINING.matcher(dockerfile);
        Matcher entrypoint = ENTRYPOINT.matcher(dockerfile);

        assertThat(FROM.matcher(dockerfile).results().map(m -> m.group(1)))
                .as(service)
                .singleElement(as(InstanceOfAssertFactories.STRING))
                .startsWith("registry.access.redhat.com/ubi9/openjdk-25-runtime:");
        assertThat(training.find())
                .as("%s records app.aot in a start that ends with its startup", service)
                .isTrue();
        assertThat(entrypoint.find())
                .as("%s has an exec-form ENTRYPOINT", service)
                .isTrue();
        List<String> entrypointArguments = Stream.of(entrypoint.group(1).split(","))
                .map(argument -> argument.trim().replaceAll("^\"|\"$", ""))
                .toList();
        // A cache is mapped only by a JVM on the class path it was recorded with: the same command but for the flag.
        assertThat(entrypointArguments)
                .as(service)
                .containsExactlyElementsOf(List.of(("java -XX:AOTCache=/deployments/app.aot " + training.group(1))
                        .replace("\\\n", " ")
                        .trim()
                        .split("\\s+")));
        // The build argument the start reads: the Deployment's JVM flags (deploy/images.sh), set before the start.
        assertThat(dockerfile.indexOf("ARG JDK_JAVA_OPTIONS"))
                .as(service)
                .isNotNegative()
                .isLessThan(training.start());
    }

    @Test
    void imagesScriptWhenBuildingJvmImagesThenPassesEachServicesPodJvmFlags() {
        assertThat(Repo.read(Repo.DEPLOY.resolve("images.sh")))
                .contains("scripts/pod-sizing.sh\" \"$service\"")
                .contains("--build-arg \"JDK_JAVA_OPTIONS=$sizing\"");
    }

    @ParameterizedTest
    @MethodSource("services")
    void nativeBuildWhenContextIsTheRepositoryThenItsIgnoreFileKeepsSourcesAndDropsOutputs(String service) {
        Path ignore = Repo.ROOT.resolve(service).resolve("src/main/docker/Dockerfile.native-build.dockerignore");

        assertThat(Repo.read(ignore).lines()).contains("**/target", ".git", "!deploy/pom.xml");
    }

    @Test
    void dockerignoreWhenContextIsTheRepositoryThenOnlyBuildOutputsGoIn() {
        assertThat(Repo.read(Repo.ROOT.resolve(".dockerignore")).lines())
                .contains("*", "!*/target/quarkus-app/", "!*/target/*-runner");
    }

    private static String dockerfile(String service, String name) {
        Path file = Repo.ROOT.resolve(service).resolve("src/main/docker").resolve(name);
        assertThat(Files.isRegularFile(file)).as(file.toString()).isTrue();
        return Repo.read(file);
    }
}
