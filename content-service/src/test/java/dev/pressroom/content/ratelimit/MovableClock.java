package dev.pressroom.content.ratelimit;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that stands still until a test moves it, for the fixed windows of the rate limits. */
final class MovableClock extends Clock {

    private final AtomicLong millis = new AtomicLong(Instant.parse("2026-11-21T12:00:00Z").toEpochMilli());

    void advance(long by) {
        millis.addAndGet(by);
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
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
