package dev.pressroom.auth.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.kernel.testing.MetricsScrape;
import dev.pressroom.kernel.testing.UnmatchedRequests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Made-up paths and methods on the public port leave no caller-written label: {@code DELETE /oauth/register/<anything>}
 * and the like (405 before any resource matched) are {@code /unmatched}, never their path.
 */
@QuarkusTest
class UnmatchedLabelsResourceTest {

    private static final String REQUESTS = "http_server_requests_seconds_count";
    /** The fixed words, and the templates the shapes below can reach with a method they answer. */
    private static final Set<String> KNOWN = Set.of(
            "NOT_FOUND",
            "REDIRECTION",
            "/unmatched",
            "/cors-preflight",
            "/oauth/register/{clientId}",
            "/oauth/token",
            "/oauth/authorize",
            "/oauth/userinfo");

    @Test
    void requestsWhenMadeUpPathsAndMethodsThenOnlyKnownTemplatesAndFixedWordsAreNewLabels() {
        Set<String> before = Admin.scrape().labelValues(REQUESTS, "uri");

        List<String> markers = UnmatchedRequests.send(
                RestAssured.port,
                List.of("/oauth/register/*", "/oauth/token", "/oauth/token/*", "/oauth/authorize", "/*", "/oauth/*"),
                80,
                33);

        MetricsScrape metrics = Admin.scrape();
        Set<String> added = new TreeSet<>(metrics.labelValues(REQUESTS, "uri"));
        added.removeAll(before);
        assertThat(added).isSubsetOf(KNOWN);
        assertThat(metrics.labelValues(REQUESTS, "uri")).contains("/unmatched");
        assertThat(metrics.labelValues(REQUESTS, "method"))
                .isSubsetOf(UnmatchedRequests.METHOD_LABELS)
                .contains("OTHER");
        assertThat(UnmatchedRequests.samplesCarrying(metrics, markers)).isEmpty();
    }
}
