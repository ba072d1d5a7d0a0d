package dev.pressroom.content.health;

import java.util.HashMap;
import java.util.Map;

/**
 * PostgreSQL behind the cuttable proxy, every blog and key lookup past its TTL as soon as it is made, and no change
 * listener.
 */
public class ExpiredLookupsProxyProfile extends DatabaseProxyProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("content.cache.lookup-ttl", "0s");
        // No change listener: an import's notification, delivered late on a loaded machine, would drop the lookups a
        // test has just made before it cuts the database (make test under a CPU hog, 2026-11-28: a 503 where the
        // stale value was due). With every lookup expired at once, no test here needs notifications.
        overrides.put("content.listen.enabled", "false");
        return overrides;
    }
}
