package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.Index;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.Type;
import org.junit.jupiter.api.Test;
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

    /**
     * Every class the service's own code marks for Jackson (@RegisterForReflection, a Jackson annotation, or a DTO
     * record) and every class of ours these hold: Jackson binds a record's components too, so a registered record
     * holding an unregistered one loses that member in the executable.
     */
    private static Set<String> jsonBoundClasses(NativeSources generated) {
        return withTheClassesTheyHold(markedClasses(generated), generated.appClasses());
    }

    private static Set<String> markedClasses(NativeSources generated) {
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

    /** How content's TocEntry was missed: a record held (in a list) by a bound one is bound too. */
    @Test
    void jsonBoundClassesWhenARecordHoldsOthersThenTheyAreBoundToo() throws IOException {
        IndexView index = Index.of(Post.class, Heading.class, Anchor.class, Level.class, Unrelated.class);

        Set<String> bound = withTheClassesTheyHold(Set.of(Post.class.getName()), index);

        assertThat(bound)
                .containsExactlyInAnyOrder(Post.class.getName(), Heading.class.getName(), Anchor.class.getName());
    }

    record Post(String title, List<Heading> toc, Map<String, ? extends Heading> byId) {}

    // An array component on purpose: the check must follow arrays to the records they hold.
    @SuppressWarnings("ArrayRecordComponent")
    record Heading(Level level, Anchor[] anchors) {}

    record Anchor(String id) {}

    enum Level {
        H1
    }

    record Unrelated(String text) {}

    /** The classes, records and concrete classes of our own, reachable from {@code roots} through instance fields. */
    static Set<String> withTheClassesTheyHold(Set<String> roots, IndexView index) {
        Set<String> all = new TreeSet<>(roots);
        Deque<String> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            ClassInfo type = index.getClassByName(DotName.createSimple(todo.pop()));
            if (type == null) {
                continue;
            }
            for (FieldInfo field : type.fields()) {
                if (Modifier.isStatic(field.flags())) {
                    continue;
                }
                for (DotName held : classesIn(field.type())) {
                    ClassInfo heldType = index.getClassByName(held);
                    if (heldType != null && bindsMembers(heldType) && all.add(held.toString())) {
                        todo.add(held.toString());
                    }
                }
            }
        }
        return all;
    }

    /** Jackson reads members of records and plain classes; enums it reads by name, interfaces have no members. */
    private static boolean bindsMembers(ClassInfo type) {
        return !type.isEnum() && !type.isInterface() && !type.isAnnotation();
    }

    /** The classes a field's type names: itself, its type arguments and array elements, at any depth. */
    private static List<DotName> classesIn(Type type) {
        return switch (type.kind()) {
            case CLASS -> List.of(type.name());
            case PARAMETERIZED_TYPE ->
                Stream.concat(
                                Stream.of(type.name()),
                                type.asParameterizedType().arguments().stream()
                                        .flatMap(argument -> classesIn(argument).stream()))
                        .toList();
            case ARRAY -> classesIn(type.asArrayType().constituent());
            case WILDCARD_TYPE -> classesIn(type.asWildcardType().extendsBound());
            default -> List.of();
        };
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
