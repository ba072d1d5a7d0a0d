package dev.pressroom.kernel.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MetricsScrapeTest {

    private static final MetricsScrape SCRAPE = new MetricsScrape("""
            # TYPE http_server_requests_seconds summary
            http_server_requests_seconds_count{method="GET",status="200",uri="/a"} 3.0 # {span_id="1",trace_id="2"} 1.0 1795501437.061
            http_server_requests_seconds_count{method="GET",status="404",uri="NOT_FOUND"} 2.0
            jvm_threads_live_threads 17.0
            label_with_quote{value="say \\"hi\\""} 1.0
            """);

    @Test
    void valueWhenLabelsGivenThenSumsTheMatchingSamplesIgnoringExemplars() {
        assertThat(SCRAPE.value("http_server_requests_seconds_count")).isEqualTo(5.0);
        assertThat(SCRAPE.value("http_server_requests_seconds_count", "uri", "/a"))
                .isEqualTo(3.0);
        assertThat(SCRAPE.value("http_server_requests_seconds_count", "uri", "/a", "status", "404"))
                .isZero();
        assertThat(SCRAPE.value("jvm_threads_live_threads")).isEqualTo(17.0);
        assertThat(SCRAPE.value("label_with_quote", "value", "say \"hi\"")).isEqualTo(1.0);
    }

    @Test
    void valueWhenNoSuchMetricThenZeroAndHasSaysSo() {
        assertThat(SCRAPE.value("absent_total")).isZero();
        assertThat(SCRAPE.has("absent_total")).isFalse();
        assertThat(SCRAPE.has("jvm_threads_live_threads")).isTrue();
    }

    @Test
    void valueWhenLabelsNotInPairsThenRefused() {
        assertThatThrownBy(() -> SCRAPE.value("jvm_threads_live_threads", "uri"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
