package dev.pressroom.content.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Per-replica lookups of things that belong to a blog (the blog itself, its keys), "not found" answers included.
 * A change notification drops one blog's entries and every "not found" (the change may have created the missing
 * thing); the TTL only bounds staleness if a notification was ever lost.
 *
 * <p>Stale if error: a lookup past its TTL is loaded again, but when that load fails with a {@code staleIfError}
 * failure (the database unreachable) the last value found stands in, for at most {@code staleLimit} past the TTL.
 * While the database is away no change can be learnt anyway, so cached answers keep being served instead of 503s.
 */
public final class LookupCache<V> {

    private record Entry<V>(Optional<V> value, long loadedAt) {}

    private final Cache<String, Entry<V>> cache;
    private final Function<V, String> blogIdOf;
    private final Predicate<Throwable> staleIfError;
    private final Ticker ticker;
    private final long ttlNanos;

    public LookupCache(
            long maximumSize,
            Duration ttl,
            Duration staleLimit,
            Function<V, String> blogIdOf,
            Predicate<Throwable> staleIfError) {
        this(maximumSize, ttl, staleLimit, blogIdOf, staleIfError, Ticker.systemTicker());
    }

    LookupCache(
            long maximumSize,
            Duration ttl,
            Duration staleLimit,
            Function<V, String> blogIdOf,
            Predicate<Throwable> staleIfError,
            Ticker ticker) {
        this.cache = Caffeine.newBuilder()
                .maximumSize(maximumSize)
                .expireAfterWrite(ttl.plus(staleLimit))
                .ticker(ticker)
                .build();
        this.blogIdOf = blogIdOf;
        this.staleIfError = staleIfError;
        this.ticker = ticker;
        this.ttlNanos = ttl.toNanos();
    }

    public Uni<Optional<V>> find(String key, Supplier<Uni<Optional<V>>> load) {
        Entry<V> cached = cache.getIfPresent(key);
        if (cached != null && ticker.read() - cached.loadedAt() < ttlNanos) {
            return Uni.createFrom().item(cached.value());
        }
        Uni<Optional<V>> loaded = load.get().invoke(found -> cache.put(key, new Entry<>(found, ticker.read())));
        if (cached == null) {
            return loaded;
        }
        return loaded.onFailure(staleIfError).recoverWithItem(cached.value());
    }

    /** The blog changed: forget its entries, and every "not found". */
    public void evict(String blogId) {
        cache.asMap()
                .entrySet()
                .removeIf(e -> e.getValue()
                        .value()
                        .map(v -> blogIdOf.apply(v).equals(blogId))
                        .orElse(true));
    }

    public void evictAll() {
        cache.invalidateAll();
    }
}
