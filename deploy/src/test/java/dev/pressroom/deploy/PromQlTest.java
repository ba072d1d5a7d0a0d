package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The structural PromQL reading the monitoring checks rely on finds what it must, and refuses what it must. */
class PromQlTest {

    @Test
    void parseWhenQuantileOverGroupedRatesThenMetricsAreTheSelectedSeriesOnly() {
        PromQl expr = PromQl.parse("""
                histogram_quantile(0.99, sum by (namespace, job, uri, le) (rate(http_server_requests_seconds_bucket{job="a", uri=~"/v1/.*"}[5m]))) > 0.005
                and on (namespace, job, uri)
                sum(rate(http_server_requests_seconds_count{job="a"}[$__rate_interval])) by (uri) > 1
                """);

        assertThat(expr.metrics())
                .containsExactlyInAnyOrder("http_server_requests_seconds_bucket", "http_server_requests_seconds_count");
        assertThat(expr.matchers())
                .containsExactly(
                        new PromQl.Matcher("job", "=", "a"),
                        new PromQl.Matcher("uri", "=~", "/v1/.*"),
                        new PromQl.Matcher("job", "=", "a"));
    }

    @Test
    void parseWhenBareSelectorsAndOperatorsThenEachNameIsAMetric() {
        PromQl expr =
                PromQl.parse("up == 0 or absent(up{job=\"x\"}) unless topk(3, jvm_threads_live_threads) * 2 >= bool 1");

        assertThat(expr.metrics()).containsExactlyInAnyOrder("up", "jvm_threads_live_threads");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "sum(rate(x[5m])",
                "sum(rate(x[5m])))",
                "rate(x{a=\"b\")}",
                "rate(x[5m)]",
                "hisotgram_quantile(0.99, x)",
                "x{job=foo}",
                "x{job=\"foo}",
                "x{job==\"foo\"}",
                "x{job=~\"(\"}",
                "x{job=\"a\" code=\"b\"}",
                "rate(x[5 minutes])",
                "sum by (le (x)",
                "x # comment",
            })
    void parseWhenStructurallyBrokenThenRefused(String broken) {
        assertThatThrownBy(() -> PromQl.parse(broken)).isInstanceOf(IllegalArgumentException.class);
    }
}
