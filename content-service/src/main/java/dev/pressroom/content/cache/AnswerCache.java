package dev.pressroom.content.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pressroom.content.config.ContentConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Serialized answers, keyed by blog, content version and the canonical request. A new version makes old entries
 * unreachable at once; {@link #evictOlder} then frees them. Off (CONTENT_CACHE_ENABLED=false) for the benchmark.
 */
@ApplicationScoped
public class AnswerCache {

    public record Key(String blogId, long version, String variant) {
    }

    private final boolean enabled;
    private final Cache<Key, byte[]> cache;

    public AnswerCache(ContentConfig config) {
        this.enabled = config.cache().enabled();
        this.cache = Caffeine.newBuilder().maximumWeight(config.cache().maxBytes())
                .weigher((Key key, byte[] body) -> body.length + key.variant().length() + 64).build();
    }

    public byte[] get(Key key) {
        return enabled ? cache.getIfPresent(key) : null;
    }

    public void put(Key key, byte[] body) {
        if (enabled) {
            cache.put(key, body);
        }
    }

    public void evictOlder(String blogId, long currentVersion) {
        cache.asMap().keySet().removeIf(k -> k.blogId().equals(blogId) && k.version() < currentVersion);
    }

    public void evictAll() {
        cache.invalidateAll();
    }

    public long size() {
        return cache.estimatedSize();
    }
}
