package dev.pressroom.manifest.api;

import dev.pressroom.manifest.validation.ValidationReport;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The metrics of a validation, held when armed: a test's way to keep a validation under way on its worker thread for
 * as long as it likes. Enabled only by the profiles that list it ({@code getEnabledAlternatives}).
 */
@Alternative
@Singleton
public class HeldValidationMetrics extends ValidationMetrics {

    private static volatile CountDownLatch entered = new CountDownLatch(0);
    private static volatile CountDownLatch letGo = new CountDownLatch(0);

    public HeldValidationMetrics(MeterRegistry registry) {
        super(registry);
    }

    /** The next validation waits in its metrics until {@link #letGo()}. */
    static void arm() {
        entered = new CountDownLatch(1);
        letGo = new CountDownLatch(1);
    }

    static boolean awaitHeld() throws InterruptedException {
        return entered.await(10, TimeUnit.SECONDS);
    }

    static void letGo() {
        letGo.countDown();
    }

    @Override
    void validated(ValidationMetrics.Kind kind, int bodyBytes, ValidationReport report) {
        entered.countDown();
        try {
            letGo.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        super.validated(kind, bodyBytes, report);
    }
}
