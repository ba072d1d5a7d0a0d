package dev.pressroom.content.health;

import dev.pressroom.kernel.testing.CuttableProxy;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The reactive pool and the change listener reach PostgreSQL through a proxy the test can cut (Flyway and the importer do not). */
public class DatabaseProxyProfile implements QuarkusTestProfile {

    private static final String PROXY = "content-postgresql";

    @Override
    public Map<String, String> getConfigOverrides() {
        String host = System.getenv().getOrDefault("PG_HOST", "127.0.0.1");
        int port = Integer.parseInt(System.getenv().getOrDefault("PG_PORT", "5432"));
        return Map.of(
                "quarkus.datasource.reactive.url",
                "postgresql://127.0.0.1:" + CuttableProxy.start(PROXY, host, port) + "/${content.db.name}",
                // The production deadline, which the outage tests measure (the test profile's is generous).
                "content.db.deadline",
                "3s");
    }

    public static void cut() {
        CuttableProxy.cut(PROXY);
    }

    public static void reset() {
        CuttableProxy.reset(PROXY);
    }

    /** PostgreSQL stops answering, and keeps every connection open, until {@link #restore}. */
    public static void partition() {
        CuttableProxy.partition(PROXY);
    }

    public static void restore() {
        CuttableProxy.restore(PROXY);
    }
}
