package dev.pressroom.content.cache;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.caffeine.runtime.graal.CacheConstructorsFeature;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Caffeine picks a generated class per combination of settings and finds it by reflection; a native executable has
 * only the classes Quarkus' Caffeine feature registers and those in our reflect-config.json. Found by
 * ContentServiceNativeIT: the answer cache's class (weighed, with a removal listener) was in neither, and every
 * cached read was a 500.
 */
class CacheNativeReflectionTest {

    private static final String CONFIG = "/META-INF/native-image/dev.pressroom/content-service/reflect-config.json";

    @Test
    void cachesWhenBuiltThenTheirCaffeineClassesAreRegisteredForTheNativeImage() throws Exception {
        AnswerCache answers = new AnswerCache(true, 1 << 20, new SimpleMeterRegistry());
        LookupCache<String> lookups = new LookupCache<>(
                100, Duration.ofSeconds(1), Duration.ofSeconds(1), value -> value, e -> false, System::nanoTime);

        Set<String> registered = registered();

        assertThat(List.of(caffeineClass(field(answers, "cache")), caffeineClass(field(lookups, "cache"))))
                .allSatisfy(name -> assertThat(registered).contains(name));
    }

    /** The generated class behind one of Caffeine's cache facades (a synchronous or an asynchronous one). */
    private static String caffeineClass(Object facade) throws ReflectiveOperationException {
        Object cache = field(facade, "cache");
        return cache.getClass().getName();
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
            Optional<Field> field = List.of(type.getDeclaredFields()).stream()
                    .filter(f -> f.getName().equals(name))
                    .findFirst();
            if (field.isPresent()) {
                field.get().setAccessible(true);
                return field.get().get(owner);
            }
        }
        throw new NoSuchFieldException(owner.getClass() + "." + name);
    }

    private static Set<String> registered() throws IOException {
        Set<String> names = new HashSet<>(List.of(CacheConstructorsFeature.typesNeedingConstructorsRegistered()));
        try (InputStream in = CacheNativeReflectionTest.class.getResourceAsStream(CONFIG)) {
            assertThat(in).as(CONFIG).isNotNull();
            for (JsonNode entry : new ObjectMapper().readTree(in)) {
                names.add(entry.path("name").asText());
            }
        }
        return names;
    }
}
