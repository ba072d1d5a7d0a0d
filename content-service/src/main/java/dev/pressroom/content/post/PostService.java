package dev.pressroom.content.post;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pressroom.content.api.Json;
import dev.pressroom.content.author.AuthorJson;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.paging.ListQuery;
import dev.pressroom.content.paging.QueryParser;
import dev.pressroom.content.search.Highlighter;
import dev.pressroom.content.tag.TagJson;
import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Posts and pages (same shape, answered under the keys posts and pages) as serialized answers. */
@ApplicationScoped
public class PostService {

    public static final QueryParser PARSER = new QueryParser(PostField.NAMES);

    private final PostQueries queries;

    public PostService(PostQueries queries) {
        this.queries = queries;
    }

    public Uni<byte[]> list(Blog blog, String type, ListQuery q) {
        return list(blog, type, q, null);
    }

    /** The list answer with its posts written by {@code shape} (null: ours); same statements, same pagination. */
    public Uni<byte[]> list(Blog blog, String type, ListQuery q, PostsShape shape) {
        PostSelection selection = new PostSelection(q.selection());
        return queries.list(blog, type, q, selection)
                .chain(listing -> withIncludes(listing.rows(), selection)
                        .map(page -> Json.bytes(
                                estimate(page.rows, selection),
                                g -> writeList(
                                        g,
                                        type,
                                        page,
                                        postsWriter(shape, selection, highlighter(blog, q, page)),
                                        q,
                                        listing.total()))));
    }

    public Uni<byte[]> one(Blog blog, String type, String slugOrId, ListQuery.Selection requested) {
        return one(blog, type, slugOrId, requested.withIncludes(), null);
    }

    /**
     * One post or page written by {@code shape} (null: ours, which always includes tags and authors; another shape
     * gets the includes {@code selection} asks for).
     */
    public Uni<byte[]> one(Blog blog, String type, String slugOrId, ListQuery.Selection requested, PostsShape shape) {
        PostSelection selection = new PostSelection(requested);
        return queries.one(blog, type, slugOrId, selection)
                .invoke(rows -> {
                    if (rows.size() == 0) {
                        throw ApiException.notFound("No published " + type + " answers to '" + slugOrId + "'.");
                    }
                })
                .chain(rows -> withIncludes(rows, selection))
                .map(page -> Json.bytes(estimate(page.rows, selection), g -> {
                    g.writeStartObject();
                    postsWriter(shape, selection, null).write(g, type, page);
                    g.writeEndObject();
                }));
    }

    /**
     * {@code {"<type>s": [document, ...]}} of the listed posts (or pages) most recently updated first, at most
     * {@code limit}: each row (id, slug, title, excerpt, url, published_at, updated_at, visibility) written by
     * {@code document}, for a client that searches them itself.
     */
    public Uni<byte[]> searchIndex(Blog blog, String type, int limit, Json.Item<Row> document) {
        return queries.newestUpdated(blog, type, limit).map(rowSet -> {
            List<Row> rows = new ArrayList<>(rowSet.size());
            rowSet.forEach(rows::add);
            return Json.list(type + "s", rows, 400, document);
        });
    }

    /**
     * A page of rows (the columns of the fields asked for, and {@code post_id}) with the full tags and authors rows
     * of its posts by post id (columns of {@link TagJson#COLUMNS}, {@link AuthorJson#COLUMNS}), when asked for.
     */
    public record Page(List<Row> rows, Map<String, List<Row>> tags, Map<String, List<Row>> authors) {}

    /** Writes the {@code posts} (or {@code pages}) field of an answer from its rows: the shape of another API. */
    public interface PostsShape {
        void write(JsonGenerator g, String type, Page page) throws IOException;
    }

    private static PostsShape postsWriter(PostsShape shape, PostSelection selection, Highlighter highlighter) {
        return shape != null ? shape : (g, type, page) -> writePosts(g, type, page, selection, highlighter);
    }

    private Uni<Page> withIncludes(RowSet<Row> rowSet, PostSelection selection) {
        List<Row> rows = new ArrayList<>(rowSet.size());
        rowSet.forEach(rows::add);
        List<String> ids = rows.stream().map(r -> r.getString("post_id")).toList();
        Uni<PostQueries.Links> links = (selection.fullTags || selection.authors) && !ids.isEmpty()
                ? queries.linksOf(ids, selection.fullTags, selection.authors)
                : Uni.createFrom().item(PostQueries.Links.NONE);
        return links.map(l -> new Page(rows, l.tags(), l.authors()));
    }

    /** The highlighter of a search's answer that shows search_highlight (else null): every row carries the same query. */
    private static Highlighter highlighter(Blog blog, ListQuery q, Page page) {
        if (!PostQueries.highlighted(q) || page.rows.isEmpty()) {
            return null;
        }
        return new Highlighter(PostQueries.searchConfig(blog), page.rows.get(0).getString("search_query"));
    }

    private static void writeList(JsonGenerator g, String type, Page page, PostsShape posts, ListQuery q, long total)
            throws IOException {
        g.writeStartObject();
        posts.write(g, type, page);
        int pages = (int) Math.max(1, (total + q.limit() - 1) / q.limit());
        g.writeObjectFieldStart("meta");
        g.writeObjectFieldStart("pagination");
        g.writeNumberField("page", q.page());
        g.writeNumberField("limit", q.limit());
        g.writeNumberField("pages", pages);
        g.writeNumberField("total", total);
        Json.integer(g, "next", q.page() < pages ? q.page() + 1 : null);
        Json.integer(g, "prev", q.page() > 1 ? Math.min(q.page() - 1, pages) : null);
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void writePosts(
            JsonGenerator g, String type, Page page, PostSelection selection, Highlighter highlighter)
            throws IOException {
        g.writeArrayFieldStart(type + "s");
        for (Row row : page.rows) {
            g.writeStartObject();
            for (PostField field : selection.fields) {
                if (field == PostField.TAGS && selection.fullTags) {
                    Json.array(g, "tags", page.tags.getOrDefault(row.getString("post_id"), List.of()), TagJson::write);
                } else {
                    field.writer.write(g, row);
                }
            }
            if (highlighter != null) {
                g.writeStringField(QueryParser.SEARCH_HIGHLIGHT, highlighter.toHtml(row.getString("search_window")));
            }
            if (selection.authors) {
                Json.array(
                        g,
                        "authors",
                        page.authors.getOrDefault(row.getString("post_id"), List.of()),
                        AuthorJson::write);
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static int estimate(List<Row> rows, PostSelection selection) {
        return 512 + rows.size() * (selection.fields.contains(PostField.HTML) ? 12_000 : 2_000);
    }
}
