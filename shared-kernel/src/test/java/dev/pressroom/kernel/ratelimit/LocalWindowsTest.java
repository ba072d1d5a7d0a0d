package dev.pressroom.kernel.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.MovableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LocalWindowsTest {

    private final MovableClock clock =
            new MovableClock(Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC));

    @Test
    void hitWhenSameWindowThenCountsUpAndReportsReset() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        clock.advance(Duration.ofSeconds(10));
        Usage usage = windows.hit("a", 60_000);
        assertThat(usage.count()).isEqualTo(2);
        assertThat(usage.retryAfterSeconds()).isEqualTo(50);
    }

    @Test
    void hitWhenWindowOverThenStartsAgain() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        clock.advance(Duration.ofMinutes(1));
        assertThat(windows.hit("a", 60_000).count()).isEqualTo(1);
    }

    @Test
    void hitWhenOtherClientThenSeparateCounter() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        assertThat(windows.hit("b", 60_000).count()).isEqualTo(1);
    }
}
