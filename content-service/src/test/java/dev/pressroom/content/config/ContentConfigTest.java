package dev.pressroom.content.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.content.cdn.CdnStyle;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.EnvConfigSource;
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

    @Test
    void cdnWhenUnsetThenNoKeysNoPurgesAndTheSpecsCacheRule() throws IOException {
        ContentConfig.Cdn cdn =
                loadWithEnv(Map.of("CONTENT_KEY_PEPPER", PEPPER)).cdn();

        assertThat(cdn.surrogateKeys()).isEqualTo(CdnStyle.OFF);
        assertThat(cdn.sMaxage()).isEmpty();
        assertThat(cdn.staleIfError()).isEmpty();
        assertThat(cdn.purge().url()).isEmpty();
    }

    @Test
    void cdnWhenTheReadmesVariablesAreSetThenEachIsRead() throws IOException {
        ContentConfig.Cdn cdn = loadWithEnv(Map.of(
                        "CONTENT_KEY_PEPPER", PEPPER,
                        "CONTENT_CDN_SURROGATE_KEYS", "cloudflare",
                        "CONTENT_CDN_S_MAXAGE", "1h",
                        "CONTENT_CDN_STALE_IF_ERROR", "1d",
                        "CONTENT_CDN_PURGE_URL", "https://api.cloudflare.com/client/v4/zones/z/purge_cache",
                        "CONTENT_CDN_PURGE_TOKEN", "secret",
                        "CONTENT_CDN_PURGE_BATCH_SIZE", "30"))
                .cdn();

        assertThat(cdn.surrogateKeys()).isEqualTo(CdnStyle.CLOUDFLARE);
        assertThat(cdn.sMaxage()).contains(Duration.ofHours(1));
        assertThat(cdn.staleIfError()).contains(Duration.ofDays(1));
        assertThat(cdn.purge().url()).contains("https://api.cloudflare.com/client/v4/zones/z/purge_cache");
        assertThat(cdn.purge().token()).contains("secret");
        assertThat(cdn.purge().batchSize()).contains(30);
    }

    /** The production profile with real environment variable names, mapped as a deployment's are. */
    private static ContentConfig loadWithEnv(Map<String, String> environment) throws IOException {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withProfile("prod")
                .withSources(
                        new PropertiesConfigSource(ContentConfigTest.class.getResource("/application.properties"), 250))
                .withSources(new EnvConfigSource(environment, 300))
                .withConverter(Duration.class, 200, new DurationConverter())
                .withMapping(ContentConfig.class)
                .build();
        return config.getConfigMapping(ContentConfig.class);
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
