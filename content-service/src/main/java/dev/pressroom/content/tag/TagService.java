package dev.pressroom.content.tag;

import dev.pressroom.content.api.Json;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/** Tags that have published posts, most used first (the count is kept by the importer). */
@ApplicationScoped
public class TagService {

    private static final String LIST = "SELECT " + TagJson.COLUMNS + " FROM tag t WHERE t.blog_id = $1 AND t.post_count > 0"
            + " ORDER BY t.post_count DESC, t.slug";
    private static final String ONE = "SELECT " + TagJson.COLUMNS + " FROM tag t WHERE t.blog_id = $1 AND t.slug = $2"
            + " AND t.post_count > 0";

    private final Pool pool;

    public TagService(Pool pool) {
        this.pool = pool;
    }

    public Uni<byte[]> list(Blog blog) {
        return pool.preparedQuery(LIST).execute(Tuple.of(blog.id())).map(TagService::body);
    }

    public Uni<byte[]> one(Blog blog, String slug) {
        return pool.preparedQuery(ONE).execute(Tuple.of(blog.id(), slug))
                .invoke(rows -> {
                    if (rows.size() == 0) {
                        throw ApiException.notFound("No tag with published posts answers to '" + slug + "'.");
                    }
                })
                .map(TagService::body);
    }

    private static byte[] body(RowSet<Row> rows) {
        return Json.bytes(256 + rows.size() * 256, g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("tags");
            for (Row r : rows) {
                TagJson.write(g, r);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
