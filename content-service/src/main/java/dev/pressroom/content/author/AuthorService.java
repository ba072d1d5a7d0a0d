package dev.pressroom.content.author;

import dev.pressroom.content.api.Json;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/** The people of the blog's team page, in blog.yaml order; one author also answers when they have published posts. */
@ApplicationScoped
public class AuthorService {

    private static final String LIST = "SELECT " + AuthorJson.COLUMNS + " FROM author a WHERE a.blog_id = $1 AND a.on_team"
            + " ORDER BY a.position";
    private static final String ONE = "SELECT " + AuthorJson.COLUMNS + " FROM author a WHERE a.blog_id = $1"
            + " AND a.username = $2 AND (a.on_team OR a.post_count > 0)";

    private final Pool pool;

    public AuthorService(Pool pool) {
        this.pool = pool;
    }

    public Uni<byte[]> list(Blog blog) {
        return pool.preparedQuery(LIST).execute(Tuple.of(blog.id())).map(AuthorService::body);
    }

    public Uni<byte[]> one(Blog blog, String username) {
        return pool.preparedQuery(ONE).execute(Tuple.of(blog.id(), username))
                .invoke(rows -> {
                    if (rows.size() == 0) {
                        throw ApiException.notFound("No author answers to '" + username + "'.");
                    }
                })
                .map(AuthorService::body);
    }

    private static byte[] body(RowSet<Row> rows) {
        return Json.bytes(512 + rows.size() * 512, g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("authors");
            for (Row r : rows) {
                AuthorJson.write(g, r);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
