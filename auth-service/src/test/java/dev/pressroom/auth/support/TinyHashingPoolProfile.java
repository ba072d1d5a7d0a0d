package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** One hashing thread and one place in its queue (AUTH_HASH_THREADS=1, AUTH_HASH_QUEUE=1), so a burst overflows. */
public class TinyHashingPoolProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("auth.hashing.threads", "1", "auth.hashing.queue", "1");
    }
}
