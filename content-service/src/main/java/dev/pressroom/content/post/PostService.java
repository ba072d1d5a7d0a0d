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
        PostSelection selection = new PostSelection(q.selection());
        return queries.list(blog, type, q, selection)
                .chain(listing -> withIncludes(listing.rows(), selection)
                        .map(page -> Json.bytes(
                                estimate(page.rows, selection),
                                g -> writeList(
                                        g, type, page, selection, q, highlighter(blog, q, page), listing.total()))));
    }

    public Uni<byte[]> one(Blog blog, String type, String slugOrId, ListQuery.Selection requested) {
        PostSelection selection = new PostSelection(requested.withIncludes());
        return queries.one(blog, type, slugOrId, selection)
                .invoke(rows -> {
                    if (rows.size() == 0) {
                        throw ApiException.notFound("No published " + type + " answers to '" + slugOrId + "'.");
                    }
                })
                .chain(rows -> withIncludes(rows, selection))
                .map(page -> Json.bytes(estimate(page.rows, selection), g -> writeOne(g, type, page, selection)));
    }

    /** A page of rows with the full tags and authors lists of its posts, when asked for. */
    private record Page(List<Row> rows, Map<String, List<Row>> tags, Map<String, List<Row>> authors) {}

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

    private static void writeList(
            JsonGenerator g,
            String type,
            Page page,
            PostSelection selection,
            ListQuery q,
            Highlighter highlighter,
            long total)
            throws IOException {
        g.writeStartObject();
        writePosts(g, type, page, selection, highlighter);
        int pages = (int) Math.max(1, (total + q.limit() - 1) / q.limit());
        g.writeObjectFieldStart("meta");
        g.writeObjectFieldStart("pagination");
        g.writeNumberField("page", q.page());
        g.writeNumberField("limit", q.limit());
        g.writeNumberField("pages", pages);
        g.writeNumberField("total", total);
        writePageNumber(g, "next", q.page() < pages ? q.page() + 1 : null);
        writePageNumber(g, "prev", q.page() > 1 ? Math.min(q.page() - 1, pages) : null);
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void writeOne(JsonGenerator g, String type, Page page, PostSelection selection) throws IOException {
        g.writeStartObject();
        writePosts(g, type, page, selection, null);
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
                    writeList(g, "tags", page.tags.getOrDefault(row.getString("post_id"), List.of()), TagJson::write);
                } else {
                    field.writer.write(g, row);
                }
            }
            if (highlighter != null) {
                g.writeStringField(QueryParser.SEARCH_HIGHLIGHT, highlighter.toHtml(row.getString("search_window")));
            }
            if (selection.authors) {
                writeList(
                        g,
                        "authors",
                        page.authors.getOrDefault(row.getString("post_id"), List.of()),
                        AuthorJson::write);
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private interface RowWriter {
        void write(JsonGenerator g, Row r) throws IOException;
    }

    private static void writeList(JsonGenerator g, String name, List<Row> rows, RowWriter writer) throws IOException {
        g.writeArrayFieldStart(name);
        for (Row r : rows) {
            writer.write(g, r);
        }
        g.writeEndArray();
    }

    private static void writePageNumber(JsonGenerator g, String name, Integer page) throws IOException {
        if (page == null) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, page);
        }
    }

    private static int estimate(List<Row> rows, PostSelection selection) {
        return 512 + rows.size() * (selection.fields.contains(PostField.HTML) ? 12_000 : 2_000);
    }
}
