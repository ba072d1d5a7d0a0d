package dev.pressroom.content.blog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pressroom.content.config.ContentConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * Finds a blog by address name or id. Lookups are cached per replica and dropped on the change notification of an
 * import; the TTL only bounds staleness if a notification was ever lost.
 */
@ApplicationScoped
public class BlogDirectory {

    private final BlogRepository repository;
    private final Cache<String, Optional<Blog>> cache;

    public BlogDirectory(BlogRepository repository, ContentConfig config) {
        this.repository = repository;
        this.cache = Caffeine.newBuilder()
                .maximumSize(10_000)
                .expireAfterWrite(config.cache().lookupTtl())
                .build();
    }

    public Uni<Optional<Blog>> find(String nameOrId) {
        Optional<Blog> cached = cache.getIfPresent(nameOrId);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return repository
                .findByNameOrId(nameOrId)
                .map(entity -> Optional.ofNullable(entity).map(BlogEntity::toBlog))
                .invoke(blog -> cache.put(nameOrId, blog));
    }

    /** A blog changed (or appeared): forget it, and every "no such blog" answer. */
    public void evict(String blogId) {
        cache.asMap()
                .entrySet()
                .removeIf(e -> e.getValue().map(b -> b.id().equals(blogId)).orElse(true));
    }

    public void evictAll() {
        cache.invalidateAll();
    }
}
