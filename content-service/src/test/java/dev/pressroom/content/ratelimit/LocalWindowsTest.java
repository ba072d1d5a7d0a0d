package dev.pressroom.content.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocalWindowsTest {

    private final MovableClock clock = new MovableClock();

    @Test
    void hitWhenSameWindowThenCountsUpAndReportsReset() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        clock.advance(10_000);
        Usage usage = windows.hit("a", 60_000);
        assertThat(usage.count()).isEqualTo(2);
        assertThat(usage.retryAfterSeconds()).isEqualTo(50);
    }

    @Test
    void hitWhenWindowOverThenStartsAgain() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        clock.advance(60_000);
        assertThat(windows.hit("a", 60_000).count()).isEqualTo(1);
    }

    @Test
    void hitWhenOtherClientThenSeparateCounter() {
        LocalWindows windows = new LocalWindows(clock);
        windows.hit("a", 60_000);
        assertThat(windows.hit("b", 60_000).count()).isEqualTo(1);
    }
}
