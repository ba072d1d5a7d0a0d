package dev.pressroom.content.blog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pressroom.content.config.ContentConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * Finds a blog by address name or id. Lookups are cached per replica and dropped on the change notification of an
 * import; the TTL only bounds staleness if a notification was ever lost.
 */
@ApplicationScoped
public class BlogDirectory {

    private static final String SELECT = """
            SELECT id, name, private, content_version, post_count, page_count, settings
            FROM blog WHERE name = $1 OR id = $1""";

    private final Pool pool;
    private final Cache<String, Optional<Blog>> cache;

    public BlogDirectory(Pool pool, ContentConfig config) {
        this.pool = pool;
        this.cache = Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(config.cache().lookupTtl()).build();
    }

    public Uni<Optional<Blog>> find(String nameOrId) {
        Optional<Blog> cached = cache.getIfPresent(nameOrId);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return pool.preparedQuery(SELECT).execute(Tuple.of(nameOrId))
                .map(rows -> toBlog(rows.iterator()))
                .invoke(blog -> cache.put(nameOrId, blog));
    }

    /** A blog changed (or appeared): forget it, and every "no such blog" answer. */
    public void evict(String blogId) {
        cache.asMap().entrySet().removeIf(e -> e.getValue().map(b -> b.id().equals(blogId)).orElse(true));
    }

    public void evictAll() {
        cache.invalidateAll();
    }

    private static Optional<Blog> toBlog(RowIterator<Row> rows) {
        if (!rows.hasNext()) {
            return Optional.empty();
        }
        Row r = rows.next();
        return Optional.of(new Blog(r.getString("id"), r.getString("name"), r.getBoolean("private"),
                r.getLong("content_version"), r.getInteger("post_count"), r.getInteger("page_count"),
                r.getString("settings")));
    }
}
