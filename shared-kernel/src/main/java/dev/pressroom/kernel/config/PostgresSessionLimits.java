package dev.pressroom.kernel.config;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * A deadline cancels the work, not only the wait: every reactive PostgreSQL session of a service ends a statement, or
 * a wait for a lock, that runs past {@code PG_STATEMENT_TIMEOUT} (3.5 s), slightly above the services' 3 s request
 * deadline ({@code DatabaseOutages.within}), so a request that gave up does not leave its query holding a pooled
 * connection while a retry starts it again. Keep it above CONTENT_DB_DEADLINE and AUTH_POSTGRES_DEADLINE if you raise
 * those. Flyway and content-service's importer connect over JDBC and are not bound.
 *
 * <p>A config source rather than a line in the kernel's microprofile-config.properties: a service without the
 * reactive PostgreSQL client would warn about the keys at every start. Ordinal 100, as that file's: a service's
 * application.properties or the environment overrides them.
 */
public class PostgresSessionLimits implements ConfigSource {

    private static final String TIMEOUT = "${PG_STATEMENT_TIMEOUT:3500ms}";
    private static final String SESSION = "quarkus.datasource.reactive.additional-properties.";

    private final Map<String, String> properties;

    public PostgresSessionLimits() {
        this(hasReactivePostgresClient());
    }

    PostgresSessionLimits(boolean reactivePostgres) {
        this.properties = reactivePostgres
                ? Map.of(SESSION + "statement_timeout", TIMEOUT, SESSION + "lock_timeout", TIMEOUT)
                : Map.of();
    }

    private static boolean hasReactivePostgresClient() {
        try {
            // A constant name: GraalVM resolves it when building a native image, no reflection registration needed.
            Class.forName("io.vertx.pgclient.PgConnectOptions");
            return true;
        } catch (ClassNotFoundException absent) {
            return false;
        }
    }

    @Override
    public Set<String> getPropertyNames() {
        return properties.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return properties.get(propertyName);
    }

    @Override
    public String getName() {
        return "pressroom-kernel-postgres-session-limits";
    }

    @Override
    public int getOrdinal() {
        return 100;
    }
}
