package dev.pressroom.manifest.observe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.MetricsScrape;
import dev.pressroom.kernel.testing.UnmatchedRequests;
import dev.pressroom.manifest.proxy.ClientAddressEcho;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** Made-up paths and methods leave no caller-written label: the uri label is a route template or a fixed word. */
@QuarkusTest
class UnmatchedLabelsResourceTest {

    private static final String REQUESTS = "http_server_requests_seconds_count";
    /** The templates, ours and Quarkus's fixed words (a 304 of a route without parameters is REDIRECTION). */
    private static final Set<String> KNOWN = Set.of(
            "/v1/manifests/validate",
            "/v1/packages/validate",
            "/v1/manifest.schema.json",
            "NOT_FOUND",
            "REDIRECTION",
            "/unmatched",
            "/cors-preflight",
            ClientAddressEcho.PATH);

    @Test
    void requestsWhenMadeUpPathsAndMethodsThenOnlyKnownTemplatesAndFixedWordsAreLabels() {
        List<String> markers = UnmatchedRequests.send(
                RestAssured.port,
                List.of("/v1/manifests/validate", "/v1/packages/validate", "/v1/*", "/v1/manifests/*", "/*"),
                80,
                33);

        MetricsScrape metrics = scrape();
        assertThat(metrics.labelValues(REQUESTS, "uri")).isSubsetOf(KNOWN).contains("/unmatched");
        assertThat(metrics.labelValues(REQUESTS, "method"))
                .isSubsetOf(UnmatchedRequests.METHOD_LABELS)
                .contains("OTHER");
        assertThat(UnmatchedRequests.samplesCarrying(metrics, markers)).isEmpty();
    }

    private static int port(String key) {
        return ConfigProvider.getConfig().getValue(key, Integer.class);
    }

    private static MetricsScrape scrape() {
        return new MetricsScrape(given().port(port("quarkus.management.test-port"))
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }
}
