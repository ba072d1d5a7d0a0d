package dev.pressroom.content.cdn;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** A CDN style with its purge API at the test's {@link PurgeReceiver}, edge cache rules, and quick delivery rounds. */
abstract class CdnProfile implements QuarkusTestProfile {

    private final String style;
    private final String path;

    CdnProfile(String style, String path) {
        this.style = style;
        this.path = path;
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "content.cdn.surrogate-keys", style,
                "content.cdn.s-maxage", "300s",
                "content.cdn.stale-if-error", "1d",
                "content.cdn.purge.url", "http://127.0.0.1:" + PurgeReceiver.port() + path,
                "content.cdn.purge.token", "test-token",
                "content.cdn.purge.allow-loopback", "true",
                "content.cdn.purge.interval", "100ms");
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
