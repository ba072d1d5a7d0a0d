package dev.pressroom.kernel.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Resolved as Quarkus resolves it: the kernel's factory beside sources at the ordinals of the real ones. */
class DatastoreSpansTest {

    private static final String REDIS = "quarkus.otel.instrument.vertx-redis-client";
    private static final String SQL = "quarkus.otel.instrument.vertx-sql-client";

    @Test
    void switchesWhenNoEndpointThenNoDatastoreSpans() {
        SmallRyeConfig config =
                config(Map.of("pressroom.tracing.endpoint", "${OTEL_EXPORTER_OTLP_ENDPOINT:}"), Map.of());

        assertThat(config.getValue(REDIS, Boolean.class)).isFalse();
        assertThat(config.getValue(SQL, Boolean.class)).isFalse();
    }

    @Test
    void switchesWhenEndpointFromTheEnvironmentThenDatastoreSpans() {
        SmallRyeConfig config = config(
                Map.of("pressroom.tracing.endpoint", "${OTEL_EXPORTER_OTLP_ENDPOINT:}"),
                Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317"));

        assertThat(config.getValue(REDIS, Boolean.class)).isTrue();
        assertThat(config.getValue(SQL, Boolean.class)).isTrue();
    }

    @Test
    void switchesWhenTheTestProfileRecordsThenDatastoreSpans() {
        SmallRyeConfig config = config(Map.of("%test.pressroom.tracing.record", "true"), Map.of());

        assertThat(config.getValue(REDIS, Boolean.class)).isTrue();
    }

    @Test
    void switchesWhenSetExplicitlyThenTheServiceDecides() {
        SmallRyeConfig config = config(Map.of(), Map.of("QUARKUS_OTEL_INSTRUMENT_VERTX_REDIS_CLIENT", "true"));

        assertThat(config.getValue(REDIS, Boolean.class)).isTrue();
        assertThat(config.getValue(SQL, Boolean.class)).isFalse();
    }

    /** {@code application} at the ordinal of application.properties, {@code environment} at the environment's. */
    private static SmallRyeConfig config(Map<String, String> application, Map<String, String> environment) {
        return new SmallRyeConfigBuilder()
                .addDefaultInterceptors()
                .withProfile("test")
                .withSources(new PropertiesConfigSource(application, "application.properties", 250))
                .withSources(new EnvConfigSource(environment, 300))
                .withSources(new DatastoreSpans())
                .build();
    }
}
