package dev.pressroom.content.key;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pressroom.content.config.ContentConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** Looks keys up by their hash; cached per replica and dropped when the blog's keys change (NOTIFY). */
@ApplicationScoped
public class KeyDirectory {

    private final ContentKeyRepository repository;
    private final KeyHasher hasher;
    private final Cache<String, Optional<ContentKey>> cache;

    public KeyDirectory(ContentKeyRepository repository, ContentConfig config) {
        this.repository = repository;
        this.hasher = new KeyHasher(config.key().pepper());
        this.cache = Caffeine.newBuilder()
                .maximumSize(50_000)
                .expireAfterWrite(config.cache().lookupTtl())
                .build();
    }

    public String hash(String key) {
        return hasher.hash(key);
    }

    public Uni<Optional<ContentKey>> find(String keyHash) {
        Optional<ContentKey> cached = cache.getIfPresent(keyHash);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return repository
                .findByHash(keyHash)
                .map(entity -> Optional.ofNullable(entity).map(ContentKeyEntity::toKey))
                .invoke(key -> cache.put(keyHash, key));
    }

    /** The blog's keys changed: forget them, and every "unknown key" answer. */
    public void evict(String blogId) {
        cache.asMap()
                .entrySet()
                .removeIf(e -> e.getValue().map(k -> k.blogId().equals(blogId)).orElse(true));
    }

    public void evictAll() {
        cache.invalidateAll();
    }
}
