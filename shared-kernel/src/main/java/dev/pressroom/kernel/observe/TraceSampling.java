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

    static final String ENDPOINT = "pressroom.tracing.endpoint";
    static final String RECORD = "pressroom.tracing.record";

    @Produces
    @Singleton
    Sampler sampler(
            @ConfigProperty(name = ENDPOINT) Optional<String> endpoint,
            @ConfigProperty(name = RECORD, defaultValue = "false") boolean record,
            @ConfigProperty(name = "quarkus.otel.traces.sampler.arg", defaultValue = "1.0") double ratio) {
        return recording(endpoint, record) ? ourDecision(ratio) : Sampler.alwaysOff();
    }

    /** Whether spans are recorded at all: there is an endpoint to send them to, or the tests record them. */
    static boolean recording(Optional<String> endpoint, boolean record) {
        return record || endpoint.filter(url -> !url.isBlank()).isPresent();
    }

    /**
     * The ratio decides every trace that reaches us, whatever the sampled flag of its {@code traceparent}: every caller
     * of the three services is outside (they never call each other), and a flag any client can set would otherwise
     * make us record, and pay for, all of its requests. The trace id still continues the caller's trace, and the
     * decision depends on the trace id alone, so services sampling at the same ratio keep or drop a trace together.
     * Spans inside one request follow their parent.
     */
    static Sampler ourDecision(double ratio) {
        Sampler byTraceId = Sampler.traceIdRatioBased(ratio);
        return Sampler.parentBasedBuilder(byTraceId)
                .setRemoteParentSampled(byTraceId)
                .setRemoteParentNotSampled(byTraceId)
                .build();
    }
}
