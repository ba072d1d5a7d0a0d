package dev.pressroom.kernel.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import org.junit.jupiter.api.Test;

class RouteLabelsTest {

    @Test
    void labelWhenTemplateMatchedThenTemplate() {
        assertThat(RouteLabels.label("/oauth/register/{clientId}", "GET")).isEqualTo("/oauth/register/{clientId}");
        assertThat(RouteLabels.label("/v1/manifests", "OPTIONS")).isEqualTo("/v1/manifests");
    }

    @Test
    void labelWhenNoTemplateThenFixedWordNeverThePath() {
        assertThat(RouteLabels.label(null, "DELETE")).isEqualTo(RouteLabels.UNMATCHED);
        assertThat(RouteLabels.label("", "PATCH")).isEqualTo(RouteLabels.UNMATCHED);
        assertThat(RouteLabels.label(null, "TRACE")).isEqualTo(RouteLabels.UNMATCHED);
        assertThat(RouteLabels.label(null, "OPTIONS")).isEqualTo(RouteLabels.PREFLIGHT);
    }

    @Test
    void methodWhenStandardThenKeptElseFixedWord() {
        assertThat(RouteLabels.method("PATCH")).isEqualTo("PATCH");
        assertThat(RouteLabels.method("TRACE")).isEqualTo("TRACE");
        assertThat(RouteLabels.method("PROPFIND")).isEqualTo(RouteLabels.OTHER_METHOD);
        assertThat(RouteLabels.method("get")).isEqualTo(RouteLabels.OTHER_METHOD);
    }

    @Test
    void boundedMethodsWhenMadeUpMethodOnRequestMetricThenOtherAndOtherMetersUntouched() {
        MeterFilter filter = new RouteLabels().boundedMethods();

        Meter.Id made = filter.map(id("http.server.requests", "PROBE123"));
        Meter.Id other = filter.map(id("some.other.meter", "PROBE123"));

        assertThat(made.getTag("method")).isEqualTo(RouteLabels.OTHER_METHOD);
        assertThat(made.getTag("uri")).isEqualTo("/x");
        assertThat(other.getTag("method")).isEqualTo("PROBE123");
    }

    private static Meter.Id id(String name, String method) {
        return new Meter.Id(name, Tags.of("method", method, "uri", "/x"), null, null, Meter.Type.TIMER);
    }
}
