package dev.pressroom.auth.cache;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Values one replica keeps for a short while instead of asking PostgreSQL on every request. Other replicas see
 * a change only when their copy expires, so only data that may be that stale belongs here. Absent values (null)
 * are not kept. Bounded: when full it starts again empty, which costs a few reloads and never grows.
 */
public final class ShortLivedCache<K, V> {

    private final ConcurrentMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    private final long ttlNanos;
    private final int maxEntries;
    private final LongSupplier nanoTime;

    public ShortLivedCache(Duration ttl, int maxEntries) {
        this(ttl, maxEntries, System::nanoTime);
    }

    ShortLivedCache(Duration ttl, int maxEntries, LongSupplier nanoTime) {
        this.ttlNanos = ttl.toNanos();
        this.maxEntries = maxEntries;
        this.nanoTime = nanoTime;
    }

    /** The kept value while it is fresh, else what {@code load} answers (kept when not null). */
    public Uni<V> get(K key, Function<K, Uni<V>> load) {
        long now = nanoTime.getAsLong();
        Entry<V> entry = entries.get(key);
        if (entry != null && now - entry.loadedAt() < ttlNanos) {
            return Uni.createFrom().item(entry.value());
        }
        return load.apply(key).invoke(value -> {
            if (value != null) {
                if (entries.size() >= maxEntries) {
                    entries.clear();
                }
                entries.put(key, new Entry<>(value, now));
            }
        });
    }

    /** Changes made through this replica apply at once. */
    public void forget(K key) {
        entries.remove(key);
    }

    private record Entry<V>(V value, long loadedAt) {}
}
