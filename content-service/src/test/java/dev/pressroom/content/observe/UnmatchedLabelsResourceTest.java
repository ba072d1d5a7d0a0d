package dev.pressroom.content.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.proxy.ClientAddressEcho;
import dev.pressroom.kernel.testing.MetricsScrape;
import dev.pressroom.kernel.testing.UnmatchedRequests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Made-up paths and methods leave no caller-written label: the uri label is a route template or a fixed word. */
@QuarkusTest
class UnmatchedLabelsResourceTest {

    private static final String REQUESTS = "http_server_requests_seconds_count";
    private static final String BLOG = "/api/content/v1/blogs/{blog}/";
    private static final Set<String> FIXED =
            Set.of("NOT_FOUND", "/unmatched", "/cors-preflight", ClientAddressEcho.PATH);
    /** HTTP's own methods, and the fixed word for any other. */
    private static final Set<String> METHODS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "OTHER");

    @Test
    void requestsWhenMadeUpPathsAndMethodsThenOnlyTemplatesAndFixedWordsAreLabels() {
        List<String> markers = UnmatchedRequests.send(
                RestAssured.port,
                List.of(
                        "/api/content/v1/blogs/*/posts",
                        "/api/content/v1/blogs/*/posts/*",
                        "/api/content/v1/blogs/*/settings",
                        "/api/content/v1/blogs/*/*",
                        "/api/content/v1/*",
                        "/*"),
                80,
                33);

        MetricsScrape metrics = Metrics.scrape();
        assertThat(metrics.labelValues(REQUESTS, "uri"))
                .allMatch(uri -> uri.startsWith(BLOG) || FIXED.contains(uri), "a template or a fixed word")
                .contains("/unmatched");
        assertThat(metrics.labelValues(REQUESTS, "method")).isSubsetOf(METHODS).contains("OTHER");
        assertThat(metrics.samples())
                .allSatisfy(sample -> assertThat(sample.labels().values())
                        .as(sample.name())
                        .noneMatch(value -> markers.stream().anyMatch(value::contains)));
    }
}
