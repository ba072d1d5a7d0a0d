package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.CuttableProxy;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Puts a proxy that tests can cut between the service and Redis, to show that outages fail closed and recover. */
public class RedisProxyProfile implements QuarkusTestProfile {

    private static final String PROXY = "auth-redis";

    @Override
    public Map<String, String> getConfigOverrides() {
        String host = System.getenv().getOrDefault("REDIS_HOST", "127.0.0.1");
        int port = Integer.parseInt(System.getenv().getOrDefault("REDIS_PORT", "6379"));
        return Map.of(
                "quarkus.redis.hosts",
                "redis://127.0.0.1:" + CuttableProxy.start(PROXY, host, port) + "/${auth.redis.db}",
                "quarkus.redis.timeout",
                "2s",
                // The production deadline, which the outage tests measure (the test profile's is generous).
                "auth.redis-deadline",
                "PT2S");
    }

    public static void cut() {
        CuttableProxy.cut(PROXY);
    }

    /** Redis stops answering, and keeps every connection open, until {@link #restore}. */
    public static void partition() {
        CuttableProxy.partition(PROXY);
    }

    public static void restore() {
        CuttableProxy.restore(PROXY);
    }
}
