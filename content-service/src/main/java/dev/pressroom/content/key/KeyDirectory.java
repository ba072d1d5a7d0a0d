package dev.pressroom.content.key;

import dev.pressroom.content.cache.LookupCache;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.DatabaseOutages;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;

/** Looks keys up by their hash; cached per replica and dropped when the blog's keys change (NOTIFY). */
@ApplicationScoped
public class KeyDirectory {

    private final ContentKeyRepository repository;
    private final KeyHasher hasher;
    private final LookupCache<ContentKey> cache;
    private final Duration deadline;

    public KeyDirectory(ContentKeyRepository repository, ContentConfig config) {
        this.repository = repository;
        this.deadline = config.db().deadline();
        this.hasher = new KeyHasher(config.key().pepper());
        this.cache = new LookupCache<>(
                50_000,
                config.cache().lookupTtl(),
                config.cache().lookupStaleIfError(),
                ContentKey::blogId,
                DatabaseOutages::isOutage);
    }

    public String hash(String key) {
        return hasher.hash(key);
    }

    public Uni<Optional<ContentKey>> find(String keyHash) {
        return cache.find(
                keyHash,
                () -> DatabaseOutages.within(deadline, repository.findByHash(keyHash))
                        .map(entity -> Optional.ofNullable(entity).map(ContentKeyEntity::toKey)));
    }

    /** The blog's keys changed: forget them, and every "unknown key" answer. */
    public void evict(String blogId) {
        cache.evict(blogId);
    }

    public void evictAll() {
        cache.evictAll();
    }
}
