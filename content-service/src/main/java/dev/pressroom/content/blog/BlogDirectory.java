package dev.pressroom.content.blog;

import dev.pressroom.content.cache.LookupCache;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.DatabaseOutages;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;

/** Finds a blog by address name, id or custom domain, through a per-replica cache dropped on the change notification of an import. */
@ApplicationScoped
public class BlogDirectory {

    private final BlogRepository repository;
    private final LookupCache<Blog> cache;
    private final Duration deadline;

    public BlogDirectory(BlogRepository repository, ContentConfig config) {
        this.repository = repository;
        this.deadline = config.db().deadline();
        this.cache = new LookupCache<>(
                10_000,
                config.cache().lookupTtl(),
                config.cache().lookupStaleIfError(),
                Blog::id,
                DatabaseOutages::isOutage);
    }

    public Uni<Optional<Blog>> find(String reference) {
        return cache.find(
                reference,
                () -> DatabaseOutages.within(deadline, repository.findByReference(reference))
                        .map(entity -> Optional.ofNullable(entity).map(BlogEntity::toBlog)));
    }

    /** A blog changed (or appeared): forget it, and every "no such blog" answer. */
    public void evict(String blogId) {
        cache.evict(blogId);
    }

    public void evictAll() {
        cache.evictAll();
    }
}
