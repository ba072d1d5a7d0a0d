package dev.pressroom.manifest.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.WarmUpWatch;
import dev.pressroom.kernel.warmup.WarmUp;
import dev.pressroom.kernel.warmup.WarmUpLoop;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The warm-up validates what CI pipelines send, every answer as expected (the package valid, the broken manifest
 * refused), while readiness is down and without access-log lines; then readiness is up.
 */
@QuarkusTest
@TestProfile(WarmUpResourceTest.WarmUpOn.class)
class WarmUpResourceTest {

    public static class WarmUpOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("pressroom.warm-up", "PT1S");
        }
    }

    @Inject
    WarmUp warmUp;

    @Test
    void startWhenWarmUpIsOnThenReadyOnceItsRoundsSucceeded() throws Exception {
        Map<String, Object> check = WarmUpWatch.awaitStartUpWarmUp();

        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) check.get("data");
        assertThat(((Number) data.get("rounds")).intValue()).isGreaterThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        assertThat(data.get("failed")).isEqualTo(0);
    }

    @Test
    void runWhenStartedThenUnreadyMeanwhileAndOutOfTheAccessLog() throws Exception {
        WarmUpWatch.awaitStartUpWarmUp();

        WarmUpWatch.Watched watched = WarmUpWatch.run(warmUp, Duration.ofSeconds(3), RestAssured.port);

        watched.assertRoundsSucceeded();
        watched.assertAccessLogMuted(line -> line.contains("/v1/"));
        assertThat(WarmUpWatch.readiness().status()).isEqualTo(200);
    }
}
