package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.MovableClock;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** The system clock plus an offset tests can move forward, replacing the kernel's Clock in every test. */
@Alternative
@Priority(1)
@ApplicationScoped
public class TestClock extends MovableClock {

    private volatile Instant stopped;

    public TestClock() {
        super(Clock.systemUTC());
    }

    /**
     * Holds the time still until {@link #reset()}: requests sent at once then arrive at once however slowly a busy
     * machine serves them.
     */
    public synchronized void stop() {
        stopped = instant();
    }

    @Override
    public synchronized void advance(Duration by) {
        super.advance(by);
        if (stopped != null) {
            stopped = stopped.plus(by);
        }
    }

    @Override
    public synchronized void reset() {
        stopped = null;
        super.reset();
    }

    @Override
    public Instant instant() {
        Instant still = stopped;
        return still != null ? still : super.instant();
    }
}
