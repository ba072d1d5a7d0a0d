package dev.pressroom.content.ratelimit;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Small limits and a short window, so a test can exhaust them; Redis as configured (db 11). */
public class LowLimitsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "content.rate-limit.per-key",
                "3",
                "content.rate-limit.per-address",
                "5",
                "content.rate-limit.window",
                "30s");
    }
}
