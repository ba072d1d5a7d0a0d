package dev.pressroom.kernel.observe;

import io.opentelemetry.sdk.trace.samplers.Sampler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Spans are recorded only when there is somewhere to send them: an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, read as
 * {@code pressroom.tracing.endpoint}) or {@code pressroom.tracing.record} (tests). Without one every request still gets
 * a trace id and a span id, for the logs and for the traceparent it propagates (sampled flag off), and nothing else:
 * Quarkus on its own would record every span and try to export it to localhost:4317.
 */
@ApplicationScoped
public class TraceSampling {

    @Produces
    @Singleton
    Sampler sampler(
            @ConfigProperty(name = "pressroom.tracing.endpoint") Optional<String> endpoint,
            @ConfigProperty(name = "pressroom.tracing.record", defaultValue = "false") boolean record,
            @ConfigProperty(name = "quarkus.otel.traces.sampler.arg", defaultValue = "1.0") double ratio) {
        boolean recording = record || endpoint.filter(url -> !url.isBlank()).isPresent();
        // Parent-based: a caller that sampled its trace gets our spans too; a new trace is kept with the ratio.
        return recording ? Sampler.parentBased(Sampler.traceIdRatioBased(ratio)) : Sampler.alwaysOff();
    }
}
