package dev.pressroom.content.ratelimit;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Small limits and a short window, so a test can exhaust them; Redis as configured (db 11). The tests stand in for the
 * ingress: 127.0.0.1 is the trusted proxy, so a test chooses each request's client address with X-Forwarded-For.
 */
public class LowLimitsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "content.rate-limit.per-key",
                "3",
                "content.rate-limit.per-address",
                "5",
                "content.rate-limit.window",
                "30s",
                "quarkus.http.proxy.trusted-proxies",
                "127.0.0.1");
    }
}
