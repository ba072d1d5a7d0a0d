package dev.pressroom.kernel.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that tests move forward: a base clock (fixed, or the system's) plus an offset, in UTC. A service that
 * takes its time from an injected Clock (the kernel's ClockProducer) can then be shown a window, a token lifetime
 * or a lock running out without waiting for it.
 */
public class MovableClock extends Clock {

    private final Clock base;
    private volatile Duration offset = Duration.ZERO;

    public MovableClock(Clock base) {
        this.base = base;
    }

    public synchronized void advance(Duration by) {
        offset = offset.plus(by);
    }

    public synchronized void reset() {
        offset = Duration.ZERO;
    }

    @Override
    public Instant instant() {
        return base.instant().plus(offset);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
