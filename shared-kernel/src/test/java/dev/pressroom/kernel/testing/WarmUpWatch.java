package dev.pressroom.kernel.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.kernel.warmup.WarmUp;
import dev.pressroom.kernel.warmup.WarmUpCheck;
import dev.pressroom.kernel.warmup.WarmUpLoop;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A service's warm-up seen as a rollout sees it, for a {@code @QuarkusTest}: the {@link WarmUpCheck} in the readiness
 * answer on the management port, and what the service logged while a warm-up ran.
 */
public final class WarmUpWatch {

    public static final String ACCESS_LOG = "io.quarkus.http.access-log";

    /** Generous: the start-up warm-up of a test profile runs about a second, on a machine that may be busy. */
    private static final Duration START_UP = Duration.ofSeconds(60);

    private static final Duration UNREADY_SEEN = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private WarmUpWatch() {}

    /** The readiness answer's status and its warm-up check. */
    public record Readiness(int status, Map<String, Object> warmUpCheck) {

        public boolean warmUpDown() {
            return status == 503 && "DOWN".equals(warmUpCheck.get("status"));
        }
    }

    /** What a warm-up did, and every line the console wrote while it ran. */
    public record Watched(WarmUpLoop.Outcome outcome, List<LogCapture.Line> lines) {

        /** No round failed, and each connection finished at least the round it began. */
        public void assertRoundsSucceeded() {
            assertThat(outcome.failed())
                    .as(String.valueOf(outcome.firstFailure()))
                    .isZero();
            assertThat(outcome.rounds()).isGreaterThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        }

        /** The access log was held back from the console: no line of a warm-up request was written. */
        public void assertAccessLogMuted(Predicate<String> warmUpRequest) {
            assertThat(lines)
                    .filteredOn(line -> line.logger().equals(ACCESS_LOG))
                    .extracting(LogCapture.Line::message)
                    .filteredOn(warmUpRequest)
                    .as("warm-up lines in the access log")
                    .isEmpty();
        }
    }

    public static Readiness readiness() throws IOException, InterruptedException {
        int port = ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
        HttpResponse<String> answer = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, Object> body = JSON.readValue(answer.body(), new TypeReference<>() {});
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> checks = (List<Map<String, Object>>) body.get("checks");
        Map<String, Object> warmUp = checks.stream()
                .filter(check -> WarmUpCheck.NAME.equals(check.get("name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + WarmUpCheck.NAME + " check in " + answer.body()));
        return new Readiness(answer.statusCode(), warmUp);
    }

    /** Waits for the warm-up that ran at start-up to end, and returns its check. */
    public static Map<String, Object> awaitStartUpWarmUp() throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(START_UP);
        while (true) {
            Map<String, Object> check = readiness().warmUpCheck();
            if ("UP".equals(check.get("status"))) {
                return check;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the start-up warm-up still runs after " + START_UP + ": " + check);
            }
            Thread.sleep(100);
        }
    }

    /**
     * Runs one warm-up of {@code length} against the public {@code port}, requiring readiness to be down while it
     * runs, and returns its outcome with the lines the console wrote meanwhile.
     */
    public static Watched run(WarmUp warmUp, Duration length, int port)
            throws IOException, InterruptedException, ExecutionException {
        try (LogCapture logs = LogCapture.written()) {
            CompletableFuture<WarmUpLoop.Outcome> running =
                    CompletableFuture.supplyAsync(() -> warmUp.run(length, port));
            Instant deadline = Instant.now().plus(UNREADY_SEEN);
            while (!readiness().warmUpDown()) {
                if (running.isDone() || Instant.now().isAfter(deadline)) {
                    throw new AssertionError("readiness was never down while the warm-up ran");
                }
                Thread.sleep(20);
            }
            WarmUpLoop.Outcome outcome = running.get();
            return new Watched(outcome, List.copyOf(logs.lines()));
        }
    }
}
