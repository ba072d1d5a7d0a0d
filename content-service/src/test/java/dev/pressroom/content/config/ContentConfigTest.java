package dev.pressroom.content.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service's own application.properties, read per profile with a chosen environment and nothing else. */
class ContentConfigTest {

    private static final String PEPPER = "q3Vx0y7c2bq9ZsW4l1tT8mHkRrA6uPjE5nGdFoYiK0c";

    @Test
    void prodWhenNoPepperInTheEnvironmentThenStartRefused() {
        assertThatThrownBy(() -> load("prod", Map.of())).hasMessageContaining("CONTENT_KEY_PEPPER");
    }

    @Test
    void prodWhenPepperInTheEnvironmentThenItIsUsed() throws IOException {
        assertThat(load("prod", Map.of("CONTENT_KEY_PEPPER", PEPPER)).key().pepper())
                .isEqualTo(PEPPER);
    }

    @Test
    void devAndTestWhenNoPepperThenTheirOwnFixedOnes() throws IOException {
        assertThat(load("dev", Map.of()).key().pepper()).isEqualTo("pressroom-dev-pepper");
        assertThat(load("test", Map.of()).key().pepper()).isEqualTo("test-pepper");
    }

    private static ContentConfig load(String profile, Map<String, String> environment) throws IOException {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withProfile(profile)
                .withSources(
                        new PropertiesConfigSource(ContentConfigTest.class.getResource("/application.properties"), 250))
                .withSources(new PropertiesConfigSource(environment, "environment", 300))
                .withConverter(Duration.class, 200, new DurationConverter()) // Quarkus's "30s" form
                .withMapping(ContentConfig.class)
                .build();
        return config.getConfigMapping(ContentConfig.class);
    }
}
