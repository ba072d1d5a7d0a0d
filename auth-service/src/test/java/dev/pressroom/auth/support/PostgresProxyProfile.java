package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.CuttableProxy;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Puts a proxy that tests can cut between the service's reactive pool and PostgreSQL (Flyway connects directly). */
public class PostgresProxyProfile implements QuarkusTestProfile {

    private static final String PROXY = "auth-postgres";

    @Override
    public Map<String, String> getConfigOverrides() {
        String host = System.getenv().getOrDefault("PG_HOST", "127.0.0.1");
        int port = Integer.parseInt(System.getenv().getOrDefault("PG_PORT", "5432"));
        return Map.of(
                "quarkus.datasource.reactive.url",
                "postgresql://127.0.0.1:" + CuttableProxy.start(PROXY, host, port) + "/${auth.db.name}",
                // The production deadline, which the outage tests measure (the test profile's is generous).
                "auth.postgres-deadline",
                "PT3S");
    }

    public static void cut() {
        CuttableProxy.cut(PROXY);
    }

    public static void reset() {
        CuttableProxy.reset(PROXY);
    }

    /** Keeps every connection open and drops its bytes, as a network partition does: nothing answers, nothing closes. */
    public static void partition() {
        CuttableProxy.partition(PROXY);
    }

    public static void restore() {
        CuttableProxy.restore(PROXY);
    }
}
