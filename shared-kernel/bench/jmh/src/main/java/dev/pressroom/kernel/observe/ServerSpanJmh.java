package dev.pressroom.kernel.observe;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One request's server span through the OpenTelemetry SDK with the kernel's sampler and redaction: {@code off} is the
 * default (no OTLP endpoint: a non-recording span, ids only), {@code recording} an endpoint set, exporter left out.
 * The HTTP attributes Quarkus's instrumenter extracts before the sampler decides are built in both. Run with
 * {@code -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ServerSpanJmh {

    @Param({"off", "recording"})
    String tracing;

    private SdkTracerProvider provider;
    private Tracer tracer;

    @Setup
    public void setUp() {
        boolean recording = tracing.equals("recording");
        provider = SdkTracerProvider.builder()
                .setSampler(recording ? TraceSampling.ourDecision(1.0) : Sampler.alwaysOff())
                .addSpanProcessor(new SpanRedaction())
                .build();
        tracer = provider.get("bench");
    }

    @TearDown
    public void tearDown() {
        provider.close();
    }

    @Benchmark
    public Span serverSpan() {
        Attributes attributes = Attributes.builder()
                .put("http.request.method", "GET")
                .put("url.path", "/oauth/jwks")
                .put("url.scheme", "http")
                .put("user_agent.original", "wrk")
                .put("client.address", "127.0.0.1")
                .build();
        Span span = tracer.spanBuilder("GET /oauth/jwks")
                .setSpanKind(SpanKind.SERVER)
                .setAllAttributes(attributes)
                .startSpan();
        span.setAttribute("http.route", "/oauth/jwks");
        span.setAttribute("http.response.status_code", 200L);
        span.end();
        return span;
    }
}
