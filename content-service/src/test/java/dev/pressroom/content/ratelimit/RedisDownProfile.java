package dev.pressroom.content.ratelimit;

import java.util.HashMap;
import java.util.Map;

/** The same small limits with Redis unreachable (nothing listens on port 1). */
public class RedisDownProfile extends LowLimitsProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("quarkus.redis.hosts", "redis://127.0.0.1:1/11");
        return overrides;
    }
}
