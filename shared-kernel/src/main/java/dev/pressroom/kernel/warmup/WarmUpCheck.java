package dev.pressroom.kernel.warmup;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Readiness is down while the warm-up runs; then up, with how it went (a failed warm-up does not hold traffic). */
@Readiness
@ApplicationScoped
public class WarmUpCheck implements HealthCheck {

    public static final String NAME = "Warm-up";

    private final WarmUp warmUp;

    public WarmUpCheck(WarmUp warmUp) {
        this.warmUp = warmUp;
    }

    @Override
    public HealthCheckResponse call() {
        return describe(warmUp.progress());
    }

    static HealthCheckResponse describe(WarmUp.Progress progress) {
        HealthCheckResponseBuilder response =
                HealthCheckResponse.named(NAME).status(!progress.running()).withData("rounds", progress.rounds());
        if (!progress.running()) {
            response.withData("failed", progress.failed());
        }
        if (progress.firstFailure() != null) {
            response.withData("first_failure", progress.firstFailure());
        }
        return response.build();
    }
}
