package dev.pressroom.auth.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.function.Function;

/**
 * Values one replica keeps for a short while instead of asking PostgreSQL on every request. Other replicas see
 * a change only when their copy expires, so only data that may be that stale belongs here. Absent values (null)
 * are not kept. A Caffeine cache: each value expires its time to live after it was loaded, and a full cache evicts
 * the entries least likely to be asked for again rather than growing.
 */
public final class ShortLivedCache<K, V> {

    private final Cache<K, V> entries;

    public ShortLivedCache(Duration ttl, int maxEntries) {
        this(ttl, maxEntries, Ticker.systemTicker());
    }

    ShortLivedCache(Duration ttl, int maxEntries, Ticker ticker) {
        this.entries = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(maxEntries)
                .ticker(ticker)
                // Eviction runs on the calling thread (a few map operations), not on the common fork-join pool.
                .executor(Runnable::run)
                .build();
    }

    /** The kept value while it is fresh, else what {@code load} answers (kept when not null). */
    public Uni<V> get(K key, Function<K, Uni<V>> load) {
        V kept = entries.getIfPresent(key);
        if (kept != null) {
            return Uni.createFrom().item(kept);
        }
        return load.apply(key).invoke(value -> {
            if (value != null) {
                entries.put(key, value);
            }
        });
    }

    /** Changes made through this replica apply at once. */
    public void forget(K key) {
        entries.invalidate(key);
    }

    /** Entries held once pending evictions are done. */
    long size() {
        entries.cleanUp();
        return entries.estimatedSize();
    }
}
