package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** A small limit of authorization requests waiting per client address, to show it holds. */
public class PendingLimitProfile implements QuarkusTestProfile {

    public static final int LIMIT = 5;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("auth.limits.pending-requests-per-address", Integer.toString(LIMIT));
    }
}
