package dev.pressroom.content.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Per-replica lookups of things that belong to a blog (the blog itself, its keys), "not found" answers included.
 * A change notification drops one blog's entries and every "not found" (the change may have created the missing
 * thing); the TTL only bounds staleness if a notification was ever lost.
 */
public final class LookupCache<V> {

    private final Cache<String, Optional<V>> cache;
    private final Function<V, String> blogIdOf;

    public LookupCache(long maximumSize, Duration ttl, Function<V, String> blogIdOf) {
        this.cache = Caffeine.newBuilder()
                .maximumSize(maximumSize)
                .expireAfterWrite(ttl)
                .build();
        this.blogIdOf = blogIdOf;
    }

    public Uni<Optional<V>> find(String key, Supplier<Uni<Optional<V>>> load) {
        Optional<V> cached = cache.getIfPresent(key);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return load.get().invoke(found -> cache.put(key, found));
    }

    /** The blog changed: forget its entries, and every "not found". */
    public void evict(String blogId) {
        cache.asMap()
                .entrySet()
                .removeIf(e ->
                        e.getValue().map(v -> blogIdOf.apply(v).equals(blogId)).orElse(true));
    }

    public void evictAll() {
        cache.invalidateAll();
    }
}
