package dev.pressroom.kernel.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TraceSamplingTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final Context SAMPLED_CALLER = Context.root()
            .with(Span.wrap(SpanContext.createFromRemoteParent(
                    TRACE_ID, "00f067aa0ba902b7", TraceFlags.getSampled(), TraceState.getDefault())));
    private static final Context UNSAMPLED_CALLER = Context.root()
            .with(Span.wrap(SpanContext.createFromRemoteParent(
                    TRACE_ID, "00f067aa0ba902b7", TraceFlags.getDefault(), TraceState.getDefault())));

    @Test
    void samplerWhenNoEndpointThenNothingIsRecordedEvenForASampledCaller() {
        Sampler sampler = new TraceSampling().sampler(Optional.empty(), false, 1.0);

        assertThat(decision(sampler, Context.root())).isEqualTo(SamplingDecision.DROP);
        assertThat(decision(sampler, SAMPLED_CALLER)).isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void samplerWhenEndpointSetThenNewTracesAreRecorded() {
        Sampler sampler = new TraceSampling().sampler(Optional.of("http://collector:4317"), false, 1.0);

        assertThat(decision(sampler, Context.root())).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    @Test
    void samplerWhenRatioZeroThenACallersSampledFlagDoesNotForceRecording() {
        Sampler sampler = new TraceSampling().sampler(Optional.of("http://collector:4317"), false, 0.0);

        assertThat(decision(sampler, Context.root())).isEqualTo(SamplingDecision.DROP);
        assertThat(decision(sampler, SAMPLED_CALLER)).isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void samplerWhenCallerDidNotSampleThenTheRatioStillDecides() {
        Sampler sampler = new TraceSampling().sampler(Optional.of("http://collector:4317"), false, 1.0);

        assertThat(decision(sampler, UNSAMPLED_CALLER)).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    @Test
    void samplerWhenParentIsOurOwnSpanThenItsDecisionIsFollowed() {
        Sampler sampler = new TraceSampling().sampler(Optional.of("http://collector:4317"), false, 0.0);
        Context ourSampledSpan = Context.root()
                .with(Span.wrap(SpanContext.create(
                        TRACE_ID, "00f067aa0ba902b7", TraceFlags.getSampled(), TraceState.getDefault())));

        assertThat(decision(sampler, ourSampledSpan)).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    @Test
    void samplerWhenRecordingForTestsThenRecordsWithoutAnEndpoint() {
        Sampler sampler = new TraceSampling().sampler(Optional.empty(), true, 1.0);

        assertThat(decision(sampler, Context.root())).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    private static SamplingDecision decision(Sampler sampler, Context parent) {
        return sampler.shouldSample(parent, TRACE_ID, "GET /", SpanKind.SERVER, Attributes.empty(), List.of())
                .getDecision();
    }
}
