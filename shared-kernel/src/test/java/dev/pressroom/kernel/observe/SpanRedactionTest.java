package dev.pressroom.kernel.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class SpanRedactionTest {

    @Test
    void onStartWhenServerSpanCarriesQueryUrlAndCredentialsThenExportedSpanHasNone() {
        List<SpanData> exported = new CopyOnWriteArrayList<>();
        try (SdkTracerProvider provider = SdkTracerProvider.builder()
                .addSpanProcessor(new SpanRedaction())
                .addSpanProcessor(SimpleSpanProcessor.create(collectingInto(exported)))
                .build()) {
            Tracer tracer = provider.get("test");
            tracer.spanBuilder("GET /oauth/logout")
                    .setAttribute(SpanRedaction.URL_QUERY, "id_token_hint=eyJhbGciOi.secret.sig&state=s1")
                    .setAttribute(SpanRedaction.URL_FULL, "https://a.example/cb?code=c1")
                    .setAttribute(
                            AttributeKey.stringArrayKey("http.request.header.authorization"), List.of("Bearer t1"))
                    .startSpan()
                    .end();
        }

        assertThat(exported).singleElement().satisfies(span -> {
            assertThat(span.getAttributes().get(SpanRedaction.URL_QUERY))
                    .isEqualTo("id_token_hint=REDACTED&state=REDACTED");
            assertThat(span.getAttributes().get(SpanRedaction.URL_FULL))
                    .isEqualTo("https://a.example/cb?code=REDACTED");
            assertThat(span.getAttributes().asMap().values())
                    .map(Object::toString)
                    .noneMatch(value -> value.contains("secret") || value.contains("t1") || value.contains("c1"));
        });
    }

    @Test
    void redactQueryWhenParametersThenEveryValueReplacedAndNamesKept() {
        assertThat(SpanRedaction.redactQuery("key=prc_secret&limit=5")).isEqualTo("key=REDACTED&limit=REDACTED");
        assertThat(SpanRedaction.redactQuery("id_token_hint=eyJ.x.y&state=s&nonce=n&code=c"))
                .isEqualTo("id_token_hint=REDACTED&state=REDACTED&nonce=REDACTED&code=REDACTED");
        assertThat(SpanRedaction.redactQuery("key=a&key=b")).isEqualTo("key=REDACTED&key=REDACTED");
    }

    @Test
    void redactQueryWhenNameEncodedOrValueMalformedThenValueStillReplaced() {
        assertThat(SpanRedaction.redactQuery("k%65y=prc_secret")).isEqualTo("k%65y=REDACTED");
        assertThat(SpanRedaction.redactQuery("bad=%zz&x=%")).isEqualTo("bad=REDACTED&x=REDACTED");
        assertThat(SpanRedaction.redactQuery("a==b=c")).isEqualTo("a=REDACTED");
    }

    @Test
    void redactQueryWhenFlagsWithoutValueThenUnchanged() {
        assertThat(SpanRedaction.redactQuery("pretty&&x")).isEqualTo("pretty&&x");
        assertThat(SpanRedaction.redactQuery("")).isEmpty();
    }

    @Test
    void redactUrlWhenQueryAndFragmentThenValuesReplacedAndFragmentDropped() {
        assertThat(SpanRedaction.redactUrl("https://a.example/cb?code=c&state=s#frag"))
                .isEqualTo("https://a.example/cb?code=REDACTED&state=REDACTED");
        assertThat(SpanRedaction.redactUrl("https://a.example/cb#access_token=t"))
                .isEqualTo("https://a.example/cb");
        assertThat(SpanRedaction.redactUrl("https://a.example/cb")).isEqualTo("https://a.example/cb");
    }

    @Test
    void isAuthenticatingHeaderWhenCapturedCredentialHeaderThenTrue() {
        assertThat(SpanRedaction.isAuthenticatingHeader("http.request.header.authorization"))
                .isTrue();
        assertThat(SpanRedaction.isAuthenticatingHeader("http.request.header.Cookie"))
                .isTrue();
        assertThat(SpanRedaction.isAuthenticatingHeader("http.request.header.accept"))
                .isFalse();
        assertThat(SpanRedaction.isAuthenticatingHeader("authorization")).isFalse();
    }

    private static SpanExporter collectingInto(List<SpanData> exported) {
        return new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> spans) {
                exported.addAll(spans);
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode flush() {
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode shutdown() {
                return CompletableResultCode.ofSuccess();
            }
        };
    }
}
