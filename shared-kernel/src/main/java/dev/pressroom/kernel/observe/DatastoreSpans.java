package dev.pressroom.kernel.observe;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * A span for each Redis command and SQL query only where spans are recorded ({@link TraceSampling}): without an
 * endpoint nobody sees them, yet each one still costs a span start and end on the event loop, a few percent of a
 * refresh or a code flow (auth-service/bench/RESULTS.md). Ordinal 100, as the kernel's other defaults: a service's
 * application.properties or the environment ({@code QUARKUS_OTEL_INSTRUMENT_VERTX_REDIS_CLIENT}) still decides.
 */
public class DatastoreSpans implements ConfigSourceFactory {

    private static final String REDIS_SPANS = "quarkus.otel.instrument.vertx-redis-client";
    private static final String SQL_SPANS = "quarkus.otel.instrument.vertx-sql-client";

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        boolean recording = TraceSampling.recording(
                Optional.ofNullable(value(context, TraceSampling.ENDPOINT)),
                Boolean.parseBoolean(value(context, TraceSampling.RECORD)));
        String enabled = Boolean.toString(recording);
        return List.of(new PropertiesConfigSource(
                Map.of(REDIS_SPANS, enabled, SQL_SPANS, enabled), "pressroom-kernel-datastore-spans", 100));
    }

    private static String value(ConfigSourceContext context, String name) {
        ConfigValue value = context.getValue(name);
        return value == null ? null : value.getValue();
    }
}
