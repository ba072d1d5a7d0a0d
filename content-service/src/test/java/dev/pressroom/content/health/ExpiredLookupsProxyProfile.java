package dev.pressroom.content.health;

import java.util.HashMap;
import java.util.Map;

/** PostgreSQL behind the cuttable proxy, and every blog and key lookup past its TTL as soon as it is made. */
public class ExpiredLookupsProxyProfile extends DatabaseProxyProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("content.cache.lookup-ttl", "0s");
        return overrides;
    }
}
