package dev.pressroom.manifest.observe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.kernel.observe.BatchedConsole;
import dev.pressroom.kernel.testing.LogCapture;
import dev.pressroom.kernel.testing.MetricsScrape;
import dev.pressroom.manifest.pkg.TestPackages;
import dev.pressroom.manifest.validation.TestManifests;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logmanager.ExtHandler;
import org.jboss.logmanager.LogContext;
import org.jboss.logmanager.Logger;
import org.jboss.logmanager.handlers.ConsoleHandler;
import org.junit.jupiter.api.Test;

/** Metrics on the management port, the access log and traces, as an operator sees them. */
@QuarkusTest
class ObservabilityResourceTest {

    private static final String MANIFESTS = "/v1/manifests/validate";
    private static final String PACKAGES = "/v1/packages/validate";
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN_ID = "00f067aa0ba902b7";

    @Inject
    InMemorySpanExporter spans;

    @Test
    void metricsWhenScrapedThenOnTheManagementPortOnly() {
        given().get("/q/metrics").then().statusCode(404);
        assertThat(scrape().has("jvm_memory_used_bytes")).isTrue();
    }

    @Test
    void consoleLogWhenServiceRunsThenWrittenInBatchesAndDropsCounted() {
        Logger root = LogContext.getLogContext().getLogger("");
        List<Handler> handlers = new ArrayList<>();
        collect(root.getHandlers(), handlers);

        assertThat(handlers).hasAtLeastOneElementOfType(BatchedConsole.class);
        assertThat(handlers).noneMatch(handler -> handler instanceof ConsoleHandler console && console.isAutoFlush());
        assertThat(scrape().value("log_records_dropped_total")).isZero();
    }

    private static void collect(Handler[] handlers, List<Handler> into) {
        for (Handler handler : handlers) {
            into.add(handler);
            if (handler instanceof ExtHandler ext) {
                collect(ext.getHandlers(), into);
            }
        }
    }

    @Test
    void validateManifestWhenValidOrInvalidThenCountedByOutcomeAndRule() {
        byte[] valid = TestManifests.bytes("valid/feature-app.json");
        byte[] invalid = TestManifests.utf8("{\n  \"manifest\": 1,\n  \"id\": \"X\"\n}");
        MetricsScrape before = scrape();

        given().contentType("application/json")
                .body(valid)
                .post(MANIFESTS)
                .then()
                .statusCode(200);
        given().contentType("application/json")
                .body(invalid)
                .post(MANIFESTS)
                .then()
                .statusCode(422);

        MetricsScrape after = scrape();
        assertThat(moved(before, after, "pressroom_manifest_validations_total", "kind", "manifest", "outcome", "valid"))
                .isEqualTo(1);
        assertThat(moved(
                        before,
                        after,
                        "pressroom_manifest_validations_total",
                        "kind",
                        "manifest",
                        "outcome",
                        "invalid"))
                .isEqualTo(1);
        assertThat(moved(before, after, "pressroom_manifest_findings_total", "rule", "pattern", "severity", "error"))
                .isEqualTo(1);
        assertThat(moved(before, after, "pressroom_manifest_findings_total", "rule", "required", "severity", "error"))
                .isEqualTo(8);
        assertThat(moved(
                        before,
                        after,
                        "pressroom_manifest_findings_total",
                        "rule",
                        "deprecated",
                        "severity",
                        "warning"))
                .isEqualTo(1);
        assertThat(moved(before, after, "pressroom_manifest_request_body_bytes_count", "kind", "manifest"))
                .isEqualTo(2);
        assertThat(moved(before, after, "pressroom_manifest_request_body_bytes_sum", "kind", "manifest"))
                .isEqualTo(valid.length + invalid.length);
    }

    @Test
    void validatePackageWhenValidOrNotAZipThenCountedAsPackages() {
        byte[] zip = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/theme.json"))
                .add("tokens.json", "{}")
                .zip();
        MetricsScrape before = scrape();

        given().contentType("application/zip").body(zip).post(PACKAGES).then().statusCode(200);
        given().contentType("application/zip")
                .body(TestManifests.utf8("not a zip"))
                .post(PACKAGES)
                .then()
                .statusCode(422);

        MetricsScrape after = scrape();
        assertThat(moved(before, after, "pressroom_manifest_validations_total", "kind", "package", "outcome", "valid"))
                .isEqualTo(1);
        assertThat(moved(
                        before, after, "pressroom_manifest_validations_total", "kind", "package", "outcome", "invalid"))
                .isEqualTo(1);
        assertThat(moved(before, after, "pressroom_manifest_findings_total", "rule", "package-invalid"))
                .isEqualTo(1);
        assertThat(moved(before, after, "pressroom_manifest_request_body_bytes_count", "kind", "package"))
                .isEqualTo(2);
    }

    @Test
    void validateManifestWhenOverTheLimitThenCountedAsRejected() {
        byte[] tooLarge = new byte[1024 * 1024 + 1];
        Arrays.fill(tooLarge, (byte) ' ');
        MetricsScrape before = scrape();

        given().contentType("application/json")
                .body(tooLarge)
                .post(MANIFESTS)
                .then()
                .statusCode(413);

        assertThat(moved(
                        before,
                        scrape(),
                        "pressroom_manifest_validations_total",
                        "kind",
                        "manifest",
                        "outcome",
                        "rejected"))
                .isEqualTo(1);
    }

    @Test
    void httpMetricsWhenAnyPathThenLabelledByRouteTemplateNeverByRawPath() {
        String probe = "secret-looking-path-" + System.nanoTime();
        given().get("/v1/" + probe).then().statusCode(404);
        given().contentType("application/json")
                .body("{}")
                .post(MANIFESTS + "?file=" + probe)
                .then()
                .statusCode(422);

        MetricsScrape scrape = scrape();
        assertThat(scrape.text()).doesNotContain(probe);
        assertThat(scrape.value("http_server_requests_seconds_count", "uri", MANIFESTS, "status", "422"))
                .isPositive();
        assertThat(scrape.value("http_server_requests_seconds_bucket", "uri", MANIFESTS, "le", "+Inf"))
                .isPositive();
    }

    @Test
    void requestWhenTracedThenSpanJoinsTheCallersTraceAndTheAccessLogNamesIt() {
        String probe = "query-secret-" + System.nanoTime();
        spans.reset();
        try (LogCapture logs = LogCapture.start()) {
            given().header("traceparent", "00-" + TRACE_ID + "-" + CALLER_SPAN_ID + "-01")
                    .contentType("application/json")
                    .body(TestManifests.bytes("valid/feature-app.json"))
                    .post(MANIFESTS + "?file=" + probe)
                    .then()
                    .statusCode(200);

            await().atMost(Duration.ofSeconds(5)).until(() -> !accessLines(logs).isEmpty());
            String line = accessLines(logs).get(0);
            assertThat(line)
                    .startsWith("POST " + MANIFESTS + " route=" + MANIFESTS + " status=200 ")
                    .matches(".* \\d+ms trace=" + TRACE_ID)
                    .doesNotContain(probe);
            assertThat(logs.everything()).noneMatch(text -> text.contains(probe));
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> !serverSpans().isEmpty());
        SpanData server = serverSpans().get(0);
        assertThat(server.getTraceId()).isEqualTo(TRACE_ID);
        assertThat(server.getParentSpanId()).isEqualTo(CALLER_SPAN_ID);
        assertThat(server.getAttributes().get(AttributeKey.stringKey("url.query")))
                .isEqualTo("file=REDACTED");
    }

    private List<SpanData> serverSpans() {
        return spans.getFinishedSpanItems().stream()
                .filter(span ->
                        span.getKind() == SpanKind.SERVER && span.getTraceId().equals(TRACE_ID))
                .toList();
    }

    private static List<String> accessLines(LogCapture logs) {
        return logs.messages("io.quarkus.http.access-log").stream()
                .filter(line -> line.contains(TRACE_ID))
                .toList();
    }

    private static double moved(MetricsScrape before, MetricsScrape after, String name, String... labels) {
        return after.value(name, labels) - before.value(name, labels);
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
}
