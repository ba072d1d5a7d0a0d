package dev.pressroom.kernel.ratelimit;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * This replica's view of the fixed-window counters shared in Redis: the count Redis last answered for each client,
 * plus the hits counted here since and not yet sent. A client's first hit of a window goes to Redis at once (so a
 * counter other replicas already filled is seen from the first request); later hits are counted here and sent in
 * batches, so a busy replica makes a few Redis calls a second instead of one per request.
 */
final class SyncedCounters {

    private static final class Counter {
        final AtomicLong unsent = new AtomicLong();
        /** Redis's count at the last answer, this replica's sent hits included. */
        volatile long shared;
        /** When the window Redis reported ends; 0 until Redis answered once. */
        volatile long endsAt;
    }

    private final Clock clock;
    private final ConcurrentMap<String, Counter> counters = new ConcurrentHashMap<>();

    SyncedCounters(Clock clock) {
        this.clock = clock;
    }

    /** Counts a hit here, or answers null when Redis has not told this replica the client's current window. */
    Usage hit(String client) {
        long now = clock.millis();
        Counter counter = counters.get(client);
        if (counter == null || counter.endsAt <= now) {
            return null;
        }
        return new Usage(counter.shared + counter.unsent.incrementAndGet(), counter.endsAt - now);
    }

    /** The hits to send, per client (taken from the counters once {@link #synced} confirms them); ended windows are dropped. */
    Map<String, Long> unsent() {
        long now = clock.millis();
        counters.values().removeIf(counter -> counter.endsAt <= now);
        Map<String, Long> batch = new LinkedHashMap<>();
        counters.forEach((client, counter) -> {
            long hits = counter.unsent.get();
            if (hits > 0) {
                batch.put(client, hits);
            }
        });
        return batch;
    }

    /**
     * Records Redis's answer for a client: its count after adding {@code sent} hits of this replica, which leave the
     * unsent ones, and the milliseconds left in its window. Returns the usage the answer stands for.
     */
    Usage synced(String client, long sent, long count, long resetMillis) {
        Counter counter = counters.computeIfAbsent(client, key -> new Counter());
        counter.unsent.addAndGet(-sent);
        counter.shared = count;
        counter.endsAt = clock.millis() + resetMillis;
        return new Usage(count, resetMillis);
    }
}
