package dev.pressroom.kernel.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.MovableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SyncedCountersTest {

    private final MovableClock clock =
            new MovableClock(Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC));
    private final SyncedCounters counters = new SyncedCounters(clock);

    @Test
    void hitWhenRedisNeverAnsweredForTheClientThenNull() {
        assertThat(counters.hit("a")).isNull();
        assertThat(counters.unsent()).isEmpty();
    }

    @Test
    void hitWhenWindowKnownThenSharedCountPlusLocalHits() {
        counters.synced("a", 0, 10, 30_000);

        assertThat(counters.hit("a")).isEqualTo(new Usage(11, 30_000));
        clock.advance(Duration.ofSeconds(1));
        assertThat(counters.hit("a")).isEqualTo(new Usage(12, 29_000));
        assertThat(counters.unsent()).isEqualTo(Map.of("a", 2L));
    }

    @Test
    void syncedWhenHitsSentThenOnlyLaterHitsStayUnsent() {
        counters.synced("a", 0, 1, 30_000);
        counters.hit("a");
        counters.hit("a");
        Map<String, Long> batch = counters.unsent();
        counters.hit("a");

        // Redis counted our 2 and another replica's 5 meanwhile: 1 + 2 + 5.
        counters.synced("a", batch.get("a"), 8, 29_000);

        assertThat(counters.unsent()).isEqualTo(Map.of("a", 1L));
        assertThat(counters.hit("a")).isEqualTo(new Usage(10, 29_000));
    }

    @Test
    void hitWhenWindowEndedThenNullAndCounterDropped() {
        counters.synced("a", 0, 1, 30_000);
        counters.hit("a");
        clock.advance(Duration.ofSeconds(30));

        assertThat(counters.hit("a")).isNull();
        assertThat(counters.unsent()).isEmpty();
        assertThat(counters.hit("a")).isNull();
    }
}
