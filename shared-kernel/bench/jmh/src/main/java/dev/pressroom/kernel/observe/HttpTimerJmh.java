package dev.pressroom.kernel.observe;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One request's {@code http.server.requests} sample with the kernel's meter filters (bounded methods, fixed buckets):
 * as Quarkus's Vert.x binder records it, four tags and a registry lookup per request ({@code lookupPerRequest}),
 * against a timer looked up once ({@code cachedTimer}), what a per-route cache would leave. Run with {@code -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HttpTimerJmh {

    private static final long NANOS = 184_000;

    private MeterRegistry registry;
    private Timer cached;

    @Setup
    public void setUp() {
        registry = new SimpleMeterRegistry();
        registry.config().meterFilter(new RouteLabels().boundedMethods());
        registry.config().meterFilter(new LatencyHistograms().httpServerBuckets());
        cached = timer();
    }

    private Timer timer() {
        return Timer.builder(LatencyHistograms.HTTP_SERVER_REQUESTS)
                .tags(Tags.of("method", "GET", "uri", "/oauth/jwks", "status", "200", "outcome", "SUCCESS"))
                .register(registry);
    }

    @Benchmark
    public Timer lookupPerRequest() {
        Timer timer = timer();
        timer.record(NANOS, TimeUnit.NANOSECONDS);
        return timer;
    }

    @Benchmark
    public Timer cachedTimer() {
        cached.record(NANOS, TimeUnit.NANOSECONDS);
        return cached;
    }
}
