package dev.pressroom.auth.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.lessThan;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.RecordedSpansProfile;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.kernel.testing.LogCapture;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A token request in a caller's trace (W3C traceparent) is a server span of that trace under the caller's span, with
 * the Redis and PostgreSQL calls it made as its children, and its access-log line carries the same trace id.
 */
@QuarkusTest
@TestProfile(RecordedSpansProfile.class)
class TraceResourceTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN_ID = "00f067aa0ba902b7";

    @Inject
    InMemorySpanExporter spans;

    @Test
    void tokenRequestWhenTracedThenServerSpanInCallersTraceWithDatastoreChildrenAndTraceInAccessLog() throws Exception {
        TestClients app = TestClients.create();
        String code = app.code(new Browser(), "openid offline_access");
        spans.reset();

        try (LogCapture logs = LogCapture.start()) {
            Admin.publicApi()
                    .auth()
                    .preemptive()
                    .basic(app.clientId, app.secret)
                    .header("traceparent", "00-" + TRACE_ID + "-" + CALLER_SPAN_ID + "-01")
                    .formParams(Map.of(
                            "grant_type",
                            "authorization_code",
                            "code",
                            code,
                            "redirect_uri",
                            TestClients.REDIRECT,
                            "code_verifier",
                            app.verifier))
                    .post("/oauth/token")
                    .then()
                    .statusCode(200);

            SpanData server = await(() -> spans.getFinishedSpanItems().stream()
                            .filter(s -> s.getKind() == SpanKind.SERVER
                                    && s.getTraceId().equals(TRACE_ID))
                            .toList())
                    .get(0);
            assertThat(server.getParentSpanId()).isEqualTo(CALLER_SPAN_ID);
            assertThat(server.getName()).isEqualTo("POST /oauth/token");
            List<SpanData> children = spans.getFinishedSpanItems().stream()
                    .filter(s -> s.getParentSpanId().equals(server.getSpanId()))
                    .toList();
            assertThat(children).allSatisfy(child -> {
                assertThat(child.getTraceId()).isEqualTo(TRACE_ID);
                assertThat(child.getKind()).isEqualTo(SpanKind.CLIENT);
            });
            assertThat(children)
                    .anySatisfy(
                            child -> assertThat(attribute(child, "db.system")).isEqualTo("redis"));
            // Quarkus's SQL client spans name the database in db.system; the statement (no parameter values) says SQL.
            assertThat(children)
                    .anySatisfy(child ->
                            assertThat(attribute(child, "db.statement")).startsWith("SELECT "));

            List<LogCapture.Line> accessLog = await(() -> logs.lines().stream()
                    .filter(line -> line.logger().equals("io.quarkus.http.access-log")
                            && line.message().startsWith("POST /oauth/token "))
                    .toList());
            assertThat(accessLog)
                    .singleElement()
                    .satisfies(line -> assertThat(line.message()).endsWith("trace=" + TRACE_ID));
        }
    }

    @Test
    void requestWhenQueryCarriesSecretsThenSpansKeepOnlyTheParameterNames() {
        String traceId = "5bf92f3577b34da6a3ce929d0e0e4736";
        spans.reset();

        Admin.publicApi()
                .header("traceparent", "00-" + traceId + "-" + CALLER_SPAN_ID + "-01")
                .get("/oauth/logout?id_token_hint=eyJhbGciOi.secret-claims.sig&state=secret-state")
                .then()
                .statusCode(lessThan(500));

        SpanData server = await(() -> spans.getFinishedSpanItems().stream()
                        .filter(s ->
                                s.getKind() == SpanKind.SERVER && s.getTraceId().equals(traceId))
                        .toList())
                .get(0);
        assertThat(attribute(server, "url.query")).isEqualTo("id_token_hint=REDACTED&state=REDACTED");
        assertThat(spans.getFinishedSpanItems())
                .flatExtracting(span -> List.copyOf(span.getAttributes().asMap().values()))
                .map(Object::toString)
                .noneMatch(value -> value.contains("secret-"));
    }

    private static String attribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }

    /** What {@code found} answers once it is not empty: spans and log lines are handed over after the response. */
    private static <T> List<T> await(java.util.function.Supplier<List<T>> found) {
        return Awaitility.await()
                .atMost(Duration.ofSeconds(20)) // generous: a starved machine exports late
                .pollInterval(Duration.ofMillis(50))
                .until(found::get, items -> !items.isEmpty());
    }
}
