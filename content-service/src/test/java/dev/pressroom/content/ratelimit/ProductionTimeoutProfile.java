package dev.pressroom.content.ratelimit;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** A fresh instance with the production Redis timeout (100 ms) instead of the test profile's 2 s. */
public class ProductionTimeoutProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        // 127.0.0.1 stands in for the ingress: a test chooses each request's client address with X-Forwarded-For.
        return Map.of("content.rate-limit.redis-timeout", "100ms", "quarkus.http.proxy.trusted-proxies", "127.0.0.1");
    }
}
