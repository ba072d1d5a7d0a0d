package dev.pressroom.content.ratelimit;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * 3 invalid keys per client address in 30 s, the other limits as deployed; 127.0.0.1 is the trusted proxy, so a test
 * chooses each request's client address with X-Forwarded-For.
 */
public class InvalidKeysProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "content.rate-limit.invalid-keys",
                "3",
                "content.rate-limit.invalid-key-window",
                "30s",
                "quarkus.http.proxy.trusted-proxies",
                "127.0.0.1");
    }
}
