package dev.pressroom.auth.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Spans exported into memory ({@link RecordedSpans}), handed over at once instead of in 5-second batches. */
public class RecordedSpansProfile implements QuarkusTestProfile {

    static final String PROPERTY = "pressroom.test.record-spans";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(PROPERTY, "true", "quarkus.otel.bsp.schedule.delay", "PT0.05S");
    }
}
