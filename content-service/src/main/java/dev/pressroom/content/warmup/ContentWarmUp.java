package dev.pressroom.content.warmup;

import dev.pressroom.content.key.KeyAdmin;
import dev.pressroom.content.key.KeyDirectory;
import dev.pressroom.kernel.warmup.WarmUpClient;
import dev.pressroom.kernel.warmup.WarmUpFailure;
import dev.pressroom.kernel.warmup.WarmUpPass;
import dev.pressroom.kernel.warmup.WarmUpRounds;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * content-service's warm-up before readiness (kernel {@code WarmUp}; README, "Warm-up"): what Ghost front ends and
 * feed readers fetch from the public blog with the most posts, with a content key of its own. The key is written
 * straight into {@code content_key}, without the key change that would bump the blog's content version (its
 * answers' ETags, caches and CDN keys hang on it; this key changes no answer), and deleted at the end; its id
 * ({@code warm-up-<uuid>}, where issued keys have 24 hex digits) lets the next warm-up delete what a stopped replica
 * left. With no public blog there is nothing to warm.
 */
@ApplicationScoped
public class ContentWarmUp implements WarmUpRounds {

    static final String KEY_ID_PREFIX = "warm-up-";

    /** Rows of an unfinished warm-up older than this are a stopped replica's, not a running one's. */
    private static final Duration LEFTOVERS_AFTER = Duration.ofHours(1);

    private static final Duration STEP_DEADLINE = Duration.ofSeconds(30);

    private final Pool pool;
    private final KeyDirectory keys;

    public ContentWarmUp(Pool pool, KeyDirectory keys) {
        this.pool = pool;
        this.keys = keys;
    }

    @Override
    public Optional<Session> open(URI listener, String pass) {
        pool.query("DELETE FROM content_key WHERE id LIKE '" + KEY_ID_PREFIX + "%' AND created_at < now() - interval '"
                        + LEFTOVERS_AFTER.toMinutes() + " minutes'")
                .execute()
                .await()
                .atMost(STEP_DEADLINE);
        RowIterator<Row> found = pool.query("SELECT b.id, b.name, (SELECT p.slug FROM post p WHERE p.blog_id = b.id "
                        + "AND p.type = 'post' AND p.listed ORDER BY p.published_at DESC LIMIT 1) AS slug "
                        + "FROM blog b WHERE NOT b.private ORDER BY b.post_count DESC, b.name LIMIT 1")
                .execute()
                .await()
                .atMost(STEP_DEADLINE)
                .iterator();
        if (!found.hasNext()) {
            return Optional.empty();
        }
        Row blog = found.next();
        String keyId = KEY_ID_PREFIX + UUID.randomUUID();
        String key = KeyAdmin.newKey();
        pool.preparedQuery("INSERT INTO content_key (id, blog_id, key_hash, label) VALUES ($1, $2, $3, 'warm-up')")
                .execute(Tuple.of(keyId, blog.getString("id"), keys.hash(key)))
                .await()
                .atMost(STEP_DEADLINE);
        return Optional.of(new Reads(
                listener,
                "/api/content/v1/blogs/" + encode(blog.getString("name")) + "/",
                blog.getString("slug"),
                key,
                pass,
                () -> pool.preparedQuery("DELETE FROM content_key WHERE id = $1")
                        .execute(Tuple.of(keyId))
                        .await()
                        .atMost(STEP_DEADLINE)));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * One round: the lists, one post, tags and authors, the Ghost routes a theme calls, the feed. Pages of the default
     * size only: a page of 100 posts with tags and authors runs the same code as one of 15 for several times the CPU,
     * and the JIT compiles a path once it has run often enough, so the cheaper the round the more of them in the time
     * (382 rounds in 20 s with one such page in each, bench/RESULTS.md).
     */
    private static final class Reads implements Session {

        private final String blog;
        private final List<String> paths;
        private final String key;
        private final String pass;
        private final Runnable onClose;
        private final WarmUpClient http;

        /** Reads of the blog whose API starts at {@code blog} (a path on {@code listener}). */
        Reads(URI listener, String blog, String slug, String key, String pass, Runnable onClose) {
            this.http = new WarmUpClient(listener);
            this.blog = blog;
            this.key = key;
            this.pass = pass;
            this.onClose = onClose;
            this.paths = slug == null
                    ? List.of("posts", "tags", "authors", "settings", "ghost/api/content/settings/", "rss/")
                    : List.of(
                            "posts",
                            "posts?include=tags,authors",
                            "posts/" + encode(slug),
                            "tags",
                            "authors",
                            "settings",
                            "ghost/api/content/posts/?include=tags,authors",
                            "ghost/api/content/posts/slug/" + encode(slug) + "/",
                            "ghost/api/content/settings/",
                            "rss/");
        }

        @Override
        public void round() throws IOException, WarmUpFailure {
            for (String path : paths) {
                WarmUpClient.Answer answer = http.send(WarmUpClient.Request.get(blog + path)
                        .header("Authorization", "Key " + key)
                        .header(WarmUpPass.HEADER, pass));
                if (answer.status() != 200) {
                    throw new WarmUpFailure(path + " answered " + answer.status());
                }
            }
        }

        @Override
        public void close() {
            http.close();
            onClose.run();
        }
    }
}
