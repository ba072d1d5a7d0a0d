package dev.pressroom.content.health;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The reactive pool points at a port where no PostgreSQL listens (Flyway still migrates through JDBC). */
public class DatabaseDownProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:1/content_test");
    }
}
