package dev.pressroom.content.observe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.kernel.testing.LogCapture;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A caller's W3C trace continues through the service to PostgreSQL; neither spans nor logs carry the content key. */
@QuarkusTest
class TracingResourceTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT_ID = "00f067aa0ba902b7";
    private static final String TRACEPARENT = "00-" + TRACE_ID + "-" + PARENT_ID + "-01";
    private static final String ROUTE = "/api/content/v1/blogs/{blog}/posts";
    private static TestContent.Loaded blog;

    @Inject
    ContentAdmin admin;

    @Inject
    InMemorySpanExporter spans;

    @BeforeEach
    void load() {
        if (blog == null) {
            blog = TestContent.demo(admin, "tracing-demo");
        }
        spans.reset();
    }

    @Test
    void getWhenTraceparentThenServerSpanContinuesItAndPostgresSpanIsItsChild() throws InterruptedException {
        // A page size no other test asks for: the answer is not cached, so the posts are read from PostgreSQL.
        given().header("traceparent", TRACEPARENT)
                .queryParam("key", blog.key())
                .queryParam("limit", "11")
                .get("/api/content/v1/blogs/tracing-demo/posts")
                .then()
                .statusCode(200);

        SpanData server = await(
                span -> span.getKind() == SpanKind.SERVER && span.getTraceId().equals(TRACE_ID));
        assertThat(server.getParentSpanId()).isEqualTo(PARENT_ID);
        assertThat(server.getName()).isEqualTo("GET " + ROUTE);
        SpanData query = await(span -> span.getKind() == SpanKind.CLIENT
                && span.getTraceId().equals(TRACE_ID)
                && "SELECT post".equals(span.getName()));
        assertThat(query.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(query.getAttributes().asMap().keySet())
                .extracting(Object::toString)
                .contains("db.statement");
    }

    @Test
    void getWhenKeyInQueryThenNoSpanCarriesIt() throws InterruptedException {
        given().header("traceparent", TRACEPARENT)
                .queryParam("key", blog.key())
                .queryParam("limit", "12")
                .get("/api/content/v1/blogs/tracing-demo/posts")
                .then()
                .statusCode(200);

        SpanData server = await(
                span -> span.getKind() == SpanKind.SERVER && span.getTraceId().equals(TRACE_ID));
        assertThat(server.getAttributes().get(AttributeKey.stringKey("url.query")))
                .isEqualTo("key=REDACTED&limit=REDACTED");
        assertThat(spans.getFinishedSpanItems()).allSatisfy(span -> {
            assertThat(span.getName()).doesNotContain(blog.key());
            assertThat(span.getAttributes().asMap().values())
                    .noneMatch(value -> value.toString().contains(blog.key()));
        });
    }

    @Test
    void getWhenKeyInQueryThenAccessLoggedWithRouteStatusTraceAndNoKey() throws InterruptedException {
        try (LogCapture logs = LogCapture.start()) {
            given().header("traceparent", TRACEPARENT)
                    .queryParam("key", blog.key())
                    .get("/api/content/v1/blogs/tracing-demo/posts")
                    .then()
                    .statusCode(200);
            String line = awaitAccessLine(logs);

            assertThat(line)
                    .isEqualTo("GET /api/content/v1/blogs/tracing-demo/posts route=" + ROUTE + " status=200 "
                            + line.replaceAll(".* (\\d+ms) .*", "$1") + " trace=" + TRACE_ID);
            assertThat(logs.everything()).noneMatch(text -> text.contains(blog.key()));
        }
    }

    /** The access log is written after the response, so the line can come after the test has its answer. */
    private static String awaitAccessLine(LogCapture logs) {
        return Awaitility.await()
                .atMost(Duration.ofSeconds(10))
                .until(
                        () -> logs.messages("io.quarkus.http.access-log").stream()
                                .filter(message -> message.endsWith("trace=" + TRACE_ID))
                                .findFirst(),
                        Optional::isPresent)
                .orElseThrow();
    }

    private SpanData await(Predicate<SpanData> wanted) {
        return Awaitility.await()
                .atMost(Duration.ofSeconds(15))
                .alias("a finished span as wanted")
                .until(
                        () -> spans.getFinishedSpanItems().stream()
                                .filter(wanted)
                                .findFirst(),
                        Optional::isPresent)
                .orElseThrow();
    }
}
