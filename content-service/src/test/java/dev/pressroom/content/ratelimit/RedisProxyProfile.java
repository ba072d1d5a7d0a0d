package dev.pressroom.content.ratelimit;

import dev.pressroom.kernel.testing.CuttableProxy;
import java.util.HashMap;
import java.util.Map;

/** The low limits, counted in Redis reached through a proxy the test can cut; Redis is tried again after 1 s. */
public class RedisProxyProfile extends LowLimitsProfile {

    private static final String PROXY = "content-redis";

    @Override
    public Map<String, String> getConfigOverrides() {
        String host = System.getenv().getOrDefault("REDIS_HOST", "127.0.0.1");
        int port = Integer.parseInt(System.getenv().getOrDefault("REDIS_PORT", "6379"));
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put(
                "quarkus.redis.hosts",
                "redis://127.0.0.1:" + CuttableProxy.start(PROXY, host, port) + "/${content.redis.db}");
        overrides.put("content.rate-limit.redis-retry", "1s");
        return overrides;
    }

    public static void cut() {
        CuttableProxy.cut(PROXY);
    }

    public static void restore() {
        CuttableProxy.restore(PROXY);
    }
}
