package dev.pressroom.content.cdn;

import dev.pressroom.kernel.testing.CuttableProxy;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * A CDN style with its purge API at the test's {@link PurgeReceiver}, edge cache rules, quick delivery rounds, and
 * Redis (the purge queue) behind a proxy a test can cut.
 */
abstract class CdnProfile implements QuarkusTestProfile {

    private final String style;
    private final String path;

    CdnProfile(String style, String path) {
        this.style = style;
        this.path = path;
    }

    static final String REDIS_PROXY = "content-cdn-redis";

    @Override
    public Map<String, String> getConfigOverrides() {
        String host = System.getenv().getOrDefault("REDIS_HOST", "127.0.0.1");
        int port = Integer.parseInt(System.getenv().getOrDefault("REDIS_PORT", "6379"));
        Map<String, String> overrides = new HashMap<>(Map.of(
                "content.cdn.surrogate-keys", style,
                "content.cdn.s-maxage", "300s",
                "content.cdn.stale-if-error", "1d",
                "content.cdn.purge.url", "http://127.0.0.1:" + PurgeReceiver.port() + path,
                "content.cdn.purge.token", "test-token",
                "content.cdn.purge.allow-loopback", "true",
                "content.cdn.purge.interval", "100ms"));
        overrides.put(
                "quarkus.redis.hosts",
                "redis://127.0.0.1:" + CuttableProxy.start(REDIS_PROXY, host, port) + "/${content.redis.db}");
        return overrides;
    }

    public static class Fastly extends CdnProfile {
        public Fastly() {
            super("fastly", "/service/test-service/purge");
        }
    }

    public static class Cloudflare extends CdnProfile {
        public Cloudflare() {
            super("cloudflare", "/client/v4/zones/test-zone/purge_cache");
        }
    }
}
