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
            Set.of("NOT_FOUND", "REDIRECTION", "/unmatched", "/cors-preflight", ClientAddressEcho.PATH);

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
        assertThat(metrics.labelValues(REQUESTS, "method"))
                .isSubsetOf(UnmatchedRequests.METHOD_LABELS)
                .contains("OTHER");
        assertThat(UnmatchedRequests.samplesCarrying(metrics, markers)).isEmpty();
    }
}
