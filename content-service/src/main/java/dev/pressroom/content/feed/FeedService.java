package dev.pressroom.content.feed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.blog.BlogLinks;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The latest posts of a blog as RSS 2.0 and Atom 1.0 documents. */
@ApplicationScoped
public class FeedService {

    /** Posts per feed, newest first (Ghost's feeds carry 15; readers poll, so more is rarely useful). */
    static final int SIZE = 20;

    private static final ObjectMapper JSON = new ObjectMapper();
    // The newest SIZE posts are ranks 1..SIZE (numbered at import): one index range.
    private static final String LATEST = """
            SELECT p.id, p.title, p.url, p.html, p.excerpt, p.published_at, p.updated_at, p.feature_image,
                   p.primary_author, p.tags
            FROM post p WHERE p.blog_id = $1 AND p.type = 'post' AND p.listed AND p.list_rank BETWEEN 1 AND $2
            ORDER BY p.list_rank""";

    private final Pool pool;
    private final BlogLinks links;

    public FeedService(Pool pool, BlogLinks links) {
        this.pool = pool;
        this.links = links;
    }

    public Uni<byte[]> rss(Blog blog) {
        return feed(blog, "rss/").map(RssWriter::write);
    }

    public Uni<byte[]> atom(Blog blog) {
        return feed(blog, "atom/").map(feed -> AtomWriter.write(feed, blog.id()));
    }

    private Uni<Feed> feed(Blog blog, String file) {
        return pool.preparedQuery(LATEST)
                .execute(Tuple.of(blog.id(), SIZE))
                .chain(rows -> rows.size() > 0 ? Uni.createFrom().item(rows) : emptyBlogUpdated(blog))
                .map(rows -> toFeed(blog, links.of(blog, file), rows));
    }

    /** A blog without posts still needs a date for the feed (Atom's updated is required). */
    private Uni<RowSet<Row>> emptyBlogUpdated(Blog blog) {
        return pool.preparedQuery("SELECT NULL AS id, updated_at AS blog_updated_at FROM blog WHERE id = $1")
                .execute(Tuple.of(blog.id()));
    }

    private static Feed toFeed(Blog blog, String selfUrl, RowSet<Row> rows) {
        JsonNode settings = blog.settings();
        List<Feed.Entry> entries = new ArrayList<>();
        Instant updated = null;
        for (Row r : rows) {
            if (r.getString("id") == null) {
                updated = r.getOffsetDateTime("blog_updated_at").toInstant();
                continue;
            }
            Feed.Entry entry = entry(r);
            updated = updated == null || entry.updatedAt().isAfter(updated) ? entry.updatedAt() : updated;
            entries.add(entry);
        }
        return new Feed(
                settings.path("title").asText(),
                settings.path("description").asText(""),
                settings.path("url").asText(),
                settings.path("lang").asText("en"),
                selfUrl,
                updated,
                entries);
    }

    private static Feed.Entry entry(Row r) {
        List<Feed.Category> categories = new ArrayList<>();
        for (JsonNode tag : parse(r.getString("tags"))) {
            categories.add(new Feed.Category(
                    tag.path("slug").asText(),
                    tag.path("name").asText(),
                    tag.path("url").asText()));
        }
        return new Feed.Entry(
                r.getString("id"),
                r.getString("title"),
                r.getString("url"),
                r.getString("html"),
                r.getString("excerpt"),
                r.getOffsetDateTime("published_at").toInstant(),
                r.getOffsetDateTime("updated_at").toInstant(),
                r.getString("feature_image"),
                parse(r.getString("primary_author")).path("name").asText(),
                categories);
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is not JSON", e);
        }
    }
}
