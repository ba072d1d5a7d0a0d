package dev.pressroom.content.key;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pressroom.content.config.ContentConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/** Looks keys up by their hash; cached per replica and dropped when the blog's keys change (NOTIFY). */
@ApplicationScoped
public class KeyDirectory {

    private static final String SELECT =
            "SELECT blog_id, allowed_origins, revoked_at IS NOT NULL AS revoked FROM content_key WHERE key_hash = $1";

    private final Pool pool;
    private final KeyHasher hasher;
    private final Cache<String, Optional<ContentKey>> cache;

    public KeyDirectory(Pool pool, ContentConfig config) {
        this.pool = pool;
        this.hasher = new KeyHasher(config.key().pepper());
        this.cache = Caffeine.newBuilder().maximumSize(50_000).expireAfterWrite(config.cache().lookupTtl()).build();
    }

    public String hash(String key) {
        return hasher.hash(key);
    }

    public Uni<Optional<ContentKey>> find(String keyHash) {
        Optional<ContentKey> cached = cache.getIfPresent(keyHash);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return pool.preparedQuery(SELECT).execute(Tuple.of(keyHash))
                .map(KeyDirectory::toKey)
                .invoke(key -> cache.put(keyHash, key));
    }

    /** The blog's keys changed: forget them, and every "unknown key" answer. */
    public void evict(String blogId) {
        cache.asMap().entrySet().removeIf(e -> e.getValue().map(k -> k.blogId().equals(blogId)).orElse(true));
    }

    public void evictAll() {
        cache.invalidateAll();
    }

    private static Optional<ContentKey> toKey(RowSet<Row> rows) {
        if (rows.size() == 0) {
            return Optional.empty();
        }
        Row r = rows.iterator().next();
        Set<String> origins = Set.copyOf(Arrays.asList(r.getArrayOfStrings("allowed_origins")));
        return Optional.of(new ContentKey(r.getString("blog_id"), origins, r.getBoolean("revoked")));
    }
}
