package dev.pressroom.auth.support;

import dev.pressroom.kernel.testing.MovableClock;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.time.Clock;

/** The system clock plus an offset tests can move forward, replacing the kernel's Clock in every test. */
@Alternative
@Priority(1)
@ApplicationScoped
public class TestClock extends MovableClock {

    public TestClock() {
        super(Clock.systemUTC());
    }
}
