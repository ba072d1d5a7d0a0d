package dev.pressroom.kernel.ratelimit;

import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Fixed-window counters in this replica's memory: the fallback while Redis is unreachable, so limits still hold
 * (per replica) instead of failing open or failing every request.
 */
public final class LocalWindows {

    private static final int MAX_CLIENTS = 100_000;

    private record Window(long endsAt, long count) {}

    private final Clock clock;
    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    public LocalWindows(Clock clock) {
        this.clock = clock;
    }

    public Usage hit(String client, long windowMillis) {
        long now = clock.millis();
        if (windows.size() > MAX_CLIENTS) {
            windows.values().removeIf(w -> w.endsAt <= now);
        }
        Window window = windows.compute(
                client,
                (k, w) -> w == null || w.endsAt <= now
                        ? new Window(now + windowMillis, 1)
                        : new Window(w.endsAt, w.count + 1));
        return new Usage(window.count, window.endsAt - now);
    }
}
