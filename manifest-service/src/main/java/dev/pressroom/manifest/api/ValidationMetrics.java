package dev.pressroom.manifest.api;

import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;

/**
 * The service's own figures: validations by kind and outcome, findings by rule id and severity, body sizes. Every
 * label value comes from a fixed set (the kinds, the outcomes, the rule enum), never from the request.
 */
@ApplicationScoped
public class ValidationMetrics {

    /** What was validated: a manifest.json body or a whole package. */
    enum Kind {
        MANIFEST,
        PACKAGE
    }

    /** valid and invalid are answered with a report; rejected bodies are refused before validation (413). */
    enum Outcome {
        VALID,
        INVALID,
        REJECTED
    }

    private final MeterRegistry registry;

    public ValidationMetrics(MeterRegistry registry) {
        this.registry = registry;
        // Every series exists from the start, so rates and ratios have a zero to start from.
        for (Kind kind : Kind.values()) {
            for (Outcome outcome : Outcome.values()) {
                validations(kind, outcome);
            }
            bodySizes(kind);
        }
    }

    void validated(Kind kind, int bodyBytes, ValidationReport report) {
        bodySizes(kind).record(bodyBytes);
        validations(kind, report.valid() ? Outcome.VALID : Outcome.INVALID).increment();
        report.errors().forEach(this::found);
        report.warnings().forEach(this::found);
    }

    void rejected(Kind kind, int bodyBytes) {
        bodySizes(kind).record(bodyBytes);
        validations(kind, Outcome.REJECTED).increment();
    }

    private void found(Violation violation) {
        Counter.builder("pressroom.manifest.findings")
                .description("Errors and warnings reported, by rule id")
                .tag("rule", violation.rule().id())
                .tag("severity", violation.severity().label())
                .register(registry)
                .increment();
    }

    private Counter validations(Kind kind, Outcome outcome) {
        return Counter.builder("pressroom.manifest.validations")
                .description("Manifests and packages validated, by outcome")
                .tag("kind", label(kind))
                .tag("outcome", label(outcome))
                .register(registry);
    }

    private DistributionSummary bodySizes(Kind kind) {
        return DistributionSummary.builder("pressroom.manifest.request.body")
                .description("Sizes of the bodies sent for validation")
                .baseUnit("bytes")
                .tag("kind", label(kind))
                .serviceLevelObjectives(
                        1024,
                        16 * 1024,
                        64 * 1024,
                        256 * 1024,
                        1024 * 1024,
                        4 * 1024 * 1024,
                        16 * 1024 * 1024,
                        32 * 1024 * 1024)
                .register(registry);
    }

    private static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
