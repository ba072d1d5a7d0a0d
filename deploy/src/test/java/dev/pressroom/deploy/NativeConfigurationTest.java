package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The native executable will find at run time what each service needs: reflection for every class Jackson
 * binds, and every resource file the service ships (schemas, templates, migrations, demo content, static
 * files). Reads the configuration Quarkus generated in {@code <service>/target/native-sources}.
 */
class NativeConfigurationTest {

    private static final DotName REGISTER_FOR_REFLECTION =
            DotName.createSimple("io.quarkus.runtime.annotations.RegisterForReflection");
    /** Packages whose records are wire formats (STYLE.md: records for DTOs, feature/rest for the HTTP layer). */
    private static final Set<String> DTO_PACKAGES = Set.of("rest", "dto", "json");
    /**
     * Read at build time (configuration; Qute's localized message bundles, compiled into classes; the static OpenAPI
     * document, merged by smallrye-openapi into the META-INF/quarkus-generated-openapi-doc.* Quarkus ships itself) or
     * by native-image itself, not loaded by the running service.
     */
    private static final List<String> BUILD_TIME_RESOURCES = List.of(
            "application.properties",
            "messages/",
            "application.yaml",
            "application.yml",
            "META-INF/openapi.yaml",
            "META-INF/native-image/",
            "META-INF/beans.xml",
            "META-INF/jandex.idx");

    static Stream<String> services() {
        return Repo.services().stream();
    }

    @ParameterizedTest
    @MethodSource("services")
    void reflectionWhenNativeSourcesGeneratedThenEveryJsonBoundClassIsRegistered(String service) {
        NativeSources generated = NativeSources.of(service);
        Set<String> jsonBound = jsonBoundClasses(generated);
        Set<String> unregistered = new TreeSet<>();

        for (String className : jsonBound) {
            boolean accessible = generated.reflectionEntries(className).stream()
                    .anyMatch(NativeConfigurationTest::grantsMemberAccess);
            if (!accessible) {
                unregistered.add(className);
            }
        }

        assertThat(unregistered)
                .as(
                        "%s: JSON-bound classes without reflection registration in native-sources"
                                + " (add @RegisterForReflection)",
                        service)
                .isEmpty();
    }

    /** A renamed class leaves its hand-written entry (META-INF/native-image/dev.pressroom/) behind, and the executable then fails where the JVM works. */
    @ParameterizedTest
    @MethodSource("services")
    void reflectionWhenOurClassIsNamedThenItExists(String service) {
        NativeSources generated = NativeSources.of(service);

        assertThat(generated.missingOwnReflectedClasses())
                .as("%s: reflection configuration names classes that do not exist", service)
                .isEmpty();
    }

    @ParameterizedTest
    @MethodSource("services")
    void resourcesWhenNativeSourcesGeneratedThenEveryShippedResourceIsIncluded(String service) {
        NativeSources generated = NativeSources.of(service);

        List<String> missing = runtimeResources(service).stream()
                .filter(path -> !generated.includesResource(path))
                .toList();

        assertThat(missing)
                .as("%s: resources not in the native image (list them in quarkus.native.resources.includes)", service)
                .isEmpty();
    }

    @ParameterizedTest
    @MethodSource("services")
    void nativeImageArgsWhenGeneratedThenNoFallbackToAJvm(String service) {
        NativeSources generated = NativeSources.of(service);

        assertThat(generated.nativeImageArgs())
                .contains("--no-fallback")
                .contains(service + "-")
                .contains("-runner.jar");
    }

    /** Every class the service's own code marks for Jackson: @RegisterForReflection, a Jackson annotation, or a DTO record. */
    private static Set<String> jsonBoundClasses(NativeSources generated) {
        Set<String> classes = new TreeSet<>();
        for (ClassInfo type : generated.appClasses().getKnownClasses()) {
            AnnotationInstance register = type.declaredAnnotation(REGISTER_FOR_REFLECTION);
            if (register != null) {
                List<String> targets = targets(register);
                if (targets.isEmpty()) {
                    classes.add(type.name().toString());
                } else {
                    classes.addAll(targets);
                }
            } else if (usesJackson(type)
                    || (type.isRecord()
                            && DTO_PACKAGES.contains(lastSegment(type.name().packagePrefix())))) {
                classes.add(type.name().toString());
            }
        }
        assertThat(classes)
                .as("%s: no JSON-bound class found; the scan would prove nothing", generated.service())
                .isNotEmpty();
        return classes;
    }

    private static List<String> targets(AnnotationInstance register) {
        Stream<String> targets = register.value("targets") == null
                ? Stream.empty()
                : Stream.of(register.value("targets").asClassArray())
                        .map(t -> t.name().toString());
        Stream<String> names = register.value("classNames") == null
                ? Stream.empty()
                : Stream.of(register.value("classNames").asStringArray());
        return Stream.concat(targets, names).toList();
    }

    private static boolean usesJackson(ClassInfo type) {
        return type.annotations().stream()
                .map(AnnotationInstance::name)
                .map(DotName::toString)
                .anyMatch(name -> name.startsWith("com.fasterxml.jackson.annotation.")
                        || name.startsWith("com.fasterxml.jackson.databind.annotation."));
    }

    private static boolean grantsMemberAccess(JsonNode entry) {
        return entry.path("allDeclaredMethods").asBoolean()
                || entry.path("allPublicMethods").asBoolean()
                || entry.path("allDeclaredFields").asBoolean()
                || entry.path("allPublicFields").asBoolean()
                || entry.path("methods").size() > 0
                || entry.path("fields").size() > 0;
    }

    private static List<String> runtimeResources(String service) {
        Path resources = Repo.ROOT.resolve(service).resolve("src/main/resources");
        if (!Files.isDirectory(resources)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(resources)) {
            return files.filter(Files::isRegularFile)
                    .map(file -> resources.relativize(file).toString().replace('\\', '/'))
                    .filter(path -> BUILD_TIME_RESOURCES.stream().noneMatch(path::startsWith))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String lastSegment(String packageName) {
        return packageName == null ? "" : packageName.substring(packageName.lastIndexOf('.') + 1);
    }
}
