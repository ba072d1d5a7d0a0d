package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The production datastore deadlines (application.properties), for the tests of what a deadline does: the test
 * profile's are generous, so that a starved machine does not fail every other test with a 503.
 */
public class ProductionDeadlinesProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("auth.redis-deadline", "PT2S", "auth.postgres-deadline", "PT3S");
    }
}
