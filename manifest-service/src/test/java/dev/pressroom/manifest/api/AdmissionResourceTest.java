package dev.pressroom.manifest.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.kernel.testing.MetricsScrape;
import dev.pressroom.manifest.admission.AdmissionBudget;
import dev.pressroom.manifest.admission.RequestWeights;
import dev.pressroom.manifest.validation.TestManifests;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Validations in flight are bounded: with a budget that holds one typical manifest upload, a second request while an
 * upload is under way gets 503 with Retry-After at once, and every request gives its reservation back, answered or
 * cut off.
 */
@QuarkusTest
@TestProfile(AdmissionResourceTest.TinyBudget.class)
class AdmissionResourceTest {

    private static final String MANIFESTS = "/v1/manifests/validate";
    private static final String PACKAGES = "/v1/packages/validate";
    /** Held by an upload under way: its weight plus a typical manifest's is over it, either alone is under it. */
    static final long BUDGET = 200_000;

    public static class TinyBudget implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "manifest.admission.budget-bytes",
                    Long.toString(BUDGET),
                    "manifest.admission.retry-after-seconds",
                    "3");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(HeldValidationMetrics.class);
        }
    }

    @TestHTTPResource("/")
    URL root;

    @Inject
    AdmissionBudget budget;

    @Inject
    RequestWeights weights;

    @AfterEach
    void everyReservationGivenBack() {
        await().atMost(Duration.ofSeconds(20)).until(() -> budget.reserved() == 0);
    }

    @Test
    void validateWhenAnUploadHoldsTheBudgetThen503WithRetryAfterInTheEnvelope() throws IOException {
        Socket upload = startUpload(MANIFESTS, 1_000);
        try {
            awaitReserved(weights.manifestUpload(1_000));

            given().contentType("application/json")
                    .body(TestManifests.bytes("valid/feature-app.json"))
                    .when()
                    .post(MANIFESTS)
                    .then()
                    .statusCode(503)
                    .header("Retry-After", "3")
                    .header("Cache-Control", "no-store")
                    .contentType("application/json")
                    .body("errors[0].type", equalTo("ServiceUnavailableError"))
                    .body("errors[0].code", equalTo("service_busy"));
        } finally {
            upload.close();
        }
    }

    @Test
    void validateWhenRefusedThenAnsweredWithoutWaitingForItsBody() throws IOException {
        Socket upload = startUpload(MANIFESTS, 1_000);
        try {
            awaitReserved(weights.manifestUpload(1_000));
            try (Socket refused = startUpload(PACKAGES, 30_000_000)) {
                assertThat(statusLine(refused)).isEqualTo("HTTP/1.1 503 Service Unavailable");
            }
        } finally {
            upload.close();
        }
    }

    @Test
    void httpMetricsWhenRefusedThenLabelledByRouteNeverByRawPath() throws IOException {
        String probe = "secret-looking-path-" + System.nanoTime();
        Socket upload = startUpload(MANIFESTS, 1_000);
        try {
            awaitReserved(weights.manifestUpload(1_000));
            given().contentType("application/json")
                    .body("{}")
                    .post("/v1/" + probe)
                    .then()
                    .statusCode(503);
            given().contentType("application/json")
                    .body("{}")
                    .post(MANIFESTS)
                    .then()
                    .statusCode(503);
        } finally {
            upload.close();
        }

        MetricsScrape scrape = scrape();
        assertThat(scrape.text()).doesNotContain(probe);
        assertThat(scrape.value("http_server_requests_seconds_count", "uri", MANIFESTS, "status", "503"))
                .isPositive();
        assertThat(scrape.value("http_server_requests_seconds_count", "uri", "/unmatched", "status", "503"))
                .isPositive();
    }

    @Test
    void validateWhenTheClientLeavesMidValidationThenTheReservationIsHeldUntilTheValidationEnds()
            throws IOException, InterruptedException {
        byte[] manifest = TestManifests.bytes("valid/feature-app.json");
        HeldValidationMetrics.arm();
        Socket upload = startUpload(MANIFESTS, manifest.length, manifest);
        assertThat(HeldValidationMetrics.awaitHeld()).isTrue();

        upload.close();

        long weight = weights.manifestUpload(manifest.length);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(20)).until(() -> budget.reserved() == weight);
        HeldValidationMetrics.letGo();
        await().atMost(Duration.ofSeconds(20)).until(() -> budget.reserved() == 0);
    }

    @Test
    void validateWhenAnUploadIsCutOffThenItsReservationIsGivenBack() throws IOException {
        Socket upload = startUpload(PACKAGES, 100_000);
        awaitReserved(BUDGET);
        upload.close();
        await().atMost(Duration.ofSeconds(20)).until(() -> budget.reserved() == 0);

        given().contentType("application/json")
                .body(TestManifests.bytes("valid/feature-app.json"))
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(200);
    }

    @Test
    void validateWhenManyRequestsAnsweredWithAnyStatusThenNothingStaysReserved() {
        byte[] valid = TestManifests.bytes("valid/feature-app.json");
        for (int i = 0; i < 20; i++) {
            given().contentType("application/json")
                    .body(valid)
                    .post(MANIFESTS)
                    .then()
                    .statusCode(200);
            given().contentType("application/json")
                    .body("{")
                    .post(MANIFESTS)
                    .then()
                    .statusCode(422);
            given().contentType("text/plain").body(valid).post(MANIFESTS).then().statusCode(415);
            given().contentType("application/json")
                    .body(new byte[1024 * 1024 + 1])
                    .post(MANIFESTS)
                    .then()
                    .statusCode(413);
            given().contentType("application/zip")
                    .body(valid)
                    .post(PACKAGES)
                    .then()
                    .statusCode(422);
            BatchValidationResourceTest.batch().post(PACKAGES).then().statusCode(400);
            given().contentType("application/json")
                    .body(valid)
                    .post("/v1/elsewhere")
                    .then()
                    .statusCode(404);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> budget.reserved() == 0);
    }

    /** A request whose headers are sent with the first 100 bytes of its body; the rest never comes. */
    private Socket startUpload(String path, int contentLength) throws IOException {
        return startUpload(path, contentLength, new byte[Math.min(100, contentLength)]);
    }

    private Socket startUpload(String path, int contentLength, byte[] sent) throws IOException {
        Socket socket = new Socket(root.getHost(), root.getPort());
        OutputStream out = socket.getOutputStream();
        String type = path.equals(MANIFESTS) ? "application/json" : "application/zip";
        out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + type + "\r\nContent-Length: "
                        + contentLength + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(sent);
        out.flush();
        return socket;
    }

    private void awaitReserved(long bytes) {
        await().atMost(Duration.ofSeconds(20)).until(() -> budget.reserved() == Math.min(bytes, BUDGET));
    }

    private static MetricsScrape scrape() {
        int port = ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
        return new MetricsScrape(given().port(port)
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    private static String statusLine(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
            line.append((char) c);
        }
        return line.toString();
    }
}
