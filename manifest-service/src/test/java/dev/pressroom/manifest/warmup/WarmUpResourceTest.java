package dev.pressroom.manifest.warmup;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.kernel.testing.LogCapture;
import dev.pressroom.kernel.warmup.WarmUp;
import dev.pressroom.kernel.warmup.WarmUpCheck;
import dev.pressroom.kernel.warmup.WarmUpLoop;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
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
    void startWhenWarmUpIsOnThenReadyOnceItsRoundsSucceeded() {
        Map<String, Object> check = await().atMost(Duration.ofSeconds(60))
                .until(() -> warmUpCheck(management().get("/q/health/ready")), c -> "UP".equals(c.get("status")));

        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) check.get("data");
        assertThat(((Number) data.get("rounds")).intValue()).isGreaterThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        assertThat(data.get("failed")).isEqualTo(0);
    }

    @Test
    void runWhenStartedThenUnreadyMeanwhileAndOutOfTheAccessLog() throws Exception {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "UP"
                        .equals(warmUpCheck(management().get("/q/health/ready")).get("status")));
        WarmUpLoop.Outcome outcome;
        List<String> accessLog;
        try (LogCapture logs = LogCapture.start()) {
            var running = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> warmUp.run(Duration.ofSeconds(3), RestAssured.port));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                Response ready = management().get("/q/health/ready");
                return ready.statusCode() == 503
                        && "DOWN".equals(warmUpCheck(ready).get("status"));
            });
            outcome = running.get();
            accessLog = logs.messages("io.quarkus.http.access-log");
        }

        assertThat(outcome.failed()).as(String.valueOf(outcome.firstFailure())).isZero();
        assertThat(outcome.rounds()).isGreaterThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        assertThat(accessLog)
                .filteredOn(line -> line.contains("/v1/"))
                // Muted while it runs; each connection's last answer may be logged just after (one at a time).
                .as("warm-up lines in the access log")
                .hasSizeLessThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        management().get("/q/health/ready").then().statusCode(200);
    }

    private static Map<String, Object> warmUpCheck(Response ready) {
        List<Map<String, Object>> checks = ready.jsonPath().getList("checks");
        return checks.stream()
                .filter(check -> WarmUpCheck.NAME.equals(check.get("name")))
                .findFirst()
                .orElseThrow();
    }

    private static RequestSpecification management() {
        return given().port(ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class));
    }
}
