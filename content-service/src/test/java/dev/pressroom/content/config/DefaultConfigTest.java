package dev.pressroom.content.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Defaults of application.properties as a production start reads them, without the test profile's overrides. */
class DefaultConfigTest {

    private static SmallRyeConfig config(Map<String, String> environment) throws IOException {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(
                        DefaultConfigTest.class.getClassLoader().getResource("application.properties")))
                .withSources(new EnvConfigSource(environment, 300))
                .build();
    }

    @Test
    void blogUrlTemplateWhenUnsetThenTheDefaultKeepsItsPlaceholder() throws IOException {
        assertThat(config(Map.of()).getValue("content.blog-url-template", String.class))
                .isEqualTo("https://{name}.pressroom.blog/");
    }

    @Test
    void blogUrlTemplateWhenEnvironmentSetsItThenItWins() throws IOException {
        assertThat(config(Map.of("CONTENT_BLOG_URL_TEMPLATE", "https://{name}.blogs.example.com/"))
                        .getValue("content.blog-url-template", String.class))
                .isEqualTo("https://{name}.blogs.example.com/");
    }
}
