package dev.pressroom.content.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LocalWindowsTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now.get());
        }
    };

    @Test
    void hitWhenSameWindowThenCountsUpAndReportsReset() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        now.addAndGet(10_000);
        Usage usage = windows.hit("a", 60_000);
        assertThat(usage.count()).isEqualTo(2);
        assertThat(usage.retryAfterSeconds()).isEqualTo(50);
    }

    @Test
    void hitWhenWindowOverThenStartsAgain() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        now.addAndGet(60_000);
        assertThat(windows.hit("a", 60_000).count()).isEqualTo(1);
    }

    @Test
    void hitWhenOtherClientThenSeparateCounter() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        assertThat(windows.hit("b", 60_000).count()).isEqualTo(1);
    }
}
