package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The warm-up on at start (briefly), and a token limit its own requests would meet at once if it applied to them. */
public class WarmUpProfile implements QuarkusTestProfile {

    public static final int TOKEN_REQUESTS_PER_MINUTE = 5;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "pressroom.warm-up",
                "PT1S",
                "auth.limits.token-requests-per-minute",
                Integer.toString(TOKEN_REQUESTS_PER_MINUTE));
    }
}
