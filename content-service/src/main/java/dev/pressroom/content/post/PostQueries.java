package dev.pressroom.content.post;

import dev.pressroom.content.author.AuthorJson;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.content.filter.FilterSql;
import dev.pressroom.content.paging.ListQuery;
import dev.pressroom.content.paging.Order;
import dev.pressroom.content.paging.QueryParser;
import dev.pressroom.content.search.SearchLanguage;
import dev.pressroom.content.tag.TagJson;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The SQL of posts and pages. A page of a list is found by walking one index (the post table's for the order, or a
 * tag's or author's link index, which copies published_at) for ids only, then the rows of those ids are read.
 */
@ApplicationScoped
public class PostQueries {

    /** The body window a search highlight is made from, and how far before the probe's first occurrence it starts. */
    private static final int HIGHLIGHT_WINDOW = 1_500;

    private static final int HIGHLIGHT_LEAD = 200;

    /** The columns of a post's tags and authors query: every column either kind needs, once. */
    private static final List<String> LINK_COLUMNS = Stream.concat(
                    TagJson.COLUMNS.stream(), AuthorJson.COLUMNS.stream())
            .distinct()
            .toList();

    private final Pool pool;
    private final int maxSearchResults;

    public PostQueries(Pool pool, ContentConfig config) {
        this.pool = pool;
        this.maxSearchResults = config.search().maxResults();
    }

    /** A page of a list and how many rows the whole list has. */
    record Listing(RowSet<Row> rows, long total) {}

    /**
     * A search is one statement: its page rows carry the count of the ranked matches (search_total); only a page past
     * the end, which has no row to carry it, takes a second statement. Other lists count alongside the page.
     */
    Uni<Listing> list(Blog blog, String type, ListQuery q, PostSelection selection) {
        if (q.search() == null) {
            return Uni.combine()
                    .all()
                    .unis(page(blog, type, q, selection), count(blog, type, q))
                    .asTuple()
                    .map(pageAndCount -> new Listing(pageAndCount.getItem1(), pageAndCount.getItem2()));
        }
        return page(blog, type, q, selection).chain(rows -> {
            if (rows.size() > 0) {
                return Uni.createFrom()
                        .item(new Listing(rows, rows.iterator().next().getLong("search_total")));
            }
            return q.offset() == 0
                    ? Uni.createFrom().item(new Listing(rows, 0))
                    : count(blog, type, q).map(total -> new Listing(rows, total));
        });
    }

    private Uni<RowSet<Row>> page(Blog blog, String type, ListQuery q, PostSelection selection) {
        if (!q.filtered() && q.order().byPublished()) {
            return pageByRank(blog, type, q, selection);
        }
        Sql sql = new Sql();
        Search search = search(sql, blog, q);
        String ids = ids(sql, blog, type, q, search);
        boolean relevance = q.order() == Order.RELEVANCE;
        String order = (relevance ? "page.title_hit DESC, page.search_rank DESC, " : "")
                + q.order().sql("p");
        String select = selection.sql
                + (search != null ? ", page.search_total" : "")
                + (highlighted(q) ? ", " + highlightSource(sql, search, q) : "");
        String text =
                "SELECT " + select + " FROM (" + ids + " ORDER BY " + idsOrder(q) + " LIMIT " + sql.param(q.limit())
                        + " OFFSET " + sql.param(q.offset()) + ") page JOIN post p ON p.id = page.id ORDER BY " + order;
        return pool.preparedQuery(text).execute(sql.tuple());
    }

    /** Whether rows carry the search snippet (column search_highlight). */
    static boolean highlighted(ListQuery q) {
        return q.search() != null && q.selection().shows(QueryParser.SEARCH_HIGHLIGHT);
    }

    /** A search's SQL pieces: the blog's text search configuration and the tsquery built from the user's words. */
    private record Search(String config, String tsquery) {}

    private static Search search(Sql sql, Blog blog, ListQuery q) {
        if (q.search() == null) {
            return null;
        }
        String config = sql.param(searchConfig(blog)) + "::text::regconfig";
        return new Search(
                config, "to_tsquery(" + config + ", " + sql.param(q.search().tsquery()) + ")");
    }

    /** The blog's text search configuration, from its language. */
    static String searchConfig(Blog blog) {
        return SearchLanguage.config(blog.settings().path("lang").asText(null));
    }

    /**
     * What the highlight is made of in Java (Highlighter): a window of the body, HIGHLIGHT_WINDOW characters starting
     * a little before the first occurrence of the search's probe, or the opening of the body when the probe does not
     * occur (search_window), and the tsquery as PostgreSQL normalised it, stemmed and without stop words (search_query).
     */
    private static String highlightSource(Sql sql, Search search, ListQuery q) {
        String window = "substr(p.body_text, greatest(1, strpos(lower(p.body_text), "
                + sql.param(q.search().probe()) + ") - " + HIGHLIGHT_LEAD + "), " + HIGHLIGHT_WINDOW + ")";
        return window + " AS search_window, " + search.tsquery() + "::text AS search_query";
    }

    /** The default list (any depth): a range of import-time ranks, one index range scan whatever the page. */
    private Uni<RowSet<Row>> pageByRank(Blog blog, String type, ListQuery q, PostSelection selection) {
        int total = "post".equals(type) ? blog.postCount() : blog.pageCount();
        boolean newestFirst = q.order() == Order.PUBLISHED_DESC;
        int first = newestFirst ? q.offset() + 1 : total - q.offset() - q.limit() + 1;
        int last = newestFirst ? q.offset() + q.limit() : total - q.offset();
        String text = "SELECT " + selection.sql + " FROM post p WHERE p.blog_id = $1 AND p.type = $2 AND p.listed"
                + " AND p.list_rank BETWEEN $3 AND $4 ORDER BY " + q.order().sql("p");
        return pool.preparedQuery(text).execute(Tuple.of(blog.id(), type, Math.max(first, 1), last));
    }

    private Uni<Long> count(Blog blog, String type, ListQuery q) {
        if (!q.filtered()) {
            return Uni.createFrom().item((long) ("post".equals(type) ? blog.postCount() : blog.pageCount()));
        }
        Sql sql = new Sql();
        String text = "SELECT count(*) FROM (" + ids(sql, blog, type, q, search(sql, blog, q)) + ") matching";
        return pool.preparedQuery(text)
                .execute(sql.tuple())
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /**
     * The listed posts (or pages) most recently updated first, at most {@code limit}, with the few columns of a search
     * index: one walk of post_updated_idx.
     */
    Uni<RowSet<Row>> newestUpdated(Blog blog, String type, int limit) {
        String text = "SELECT p.id, p.slug, p.title, p.excerpt, p.url, " + PostField.timestamp("published_at") + ", "
                + PostField.timestamp("updated_at") + ", p.visibility FROM post p"
                + " WHERE p.blog_id = $1 AND p.type = $2 AND p.listed ORDER BY p.updated_at DESC, p.id DESC LIMIT $3";
        return pool.preparedQuery(text).execute(Tuple.of(blog.id(), type, limit));
    }

    Uni<RowSet<Row>> one(Blog blog, String type, String slugOrId, PostSelection selection) {
        // Unlisted posts answer only to their slug; drafts and scheduled posts never answer.
        String text = "SELECT " + selection.sql
                + " FROM post p WHERE p.blog_id = $1 AND p.type = $2 AND p.status = 'published'"
                + " AND (p.slug = $3 OR (p.id = $3 AND p.visibility = 'public')) ORDER BY (p.slug = $3) DESC LIMIT 1";
        return pool.preparedQuery(text).execute(Tuple.of(blog.id(), type, slugOrId));
    }

    /** The full tags and authors of posts, each list in its order, grouped by post id. */
    record Links(Map<String, List<Row>> tags, Map<String, List<Row>> authors) {
        static final Links NONE = new Links(Map.of(), Map.of());
    }

    /**
     * Both kinds in one statement (a single post always needs both): the tag and author rows share one column list,
     * each filling its own columns (the others are NULL), told apart by the column kind.
     */
    Uni<Links> linksOf(List<String> postIds, boolean tags, boolean authors) {
        List<String> parts = new ArrayList<>(2);
        if (tags) {
            parts.add(linkSelect("tag", "post_tag", "tag", "tag_id", TagJson.COLUMNS));
        }
        if (authors) {
            parts.add(linkSelect("author", "post_author", "author", "author_id", AuthorJson.COLUMNS));
        }
        String text = String.join(" UNION ALL ", parts) + " ORDER BY kind, post_id, position";
        return pool.preparedQuery(text)
                .execute(Tuple.of(postIds.toArray(String[]::new)))
                .map(PostQueries::toLinks);
    }

    private static String linkSelect(String kind, String linkTable, String table, String key, List<String> own) {
        String columns = LINK_COLUMNS.stream()
                .map(c -> own.contains(c) ? "e." + c : "NULL AS " + c)
                .collect(Collectors.joining(", "));
        return "SELECT '" + kind + "' AS kind, l.post_id, l.position, " + columns + " FROM " + linkTable + " l JOIN "
                + table + " e ON e.id = l." + key + " WHERE l.post_id = ANY ($1)";
    }

    private static Links toLinks(RowSet<Row> rows) {
        Map<String, List<Row>> tags = new HashMap<>();
        Map<String, List<Row>> authors = new HashMap<>();
        for (Row row : rows) {
            Map<String, List<Row>> byPost = "tag".equals(row.getString("kind")) ? tags : authors;
            byPost.computeIfAbsent(row.getString("post_id"), id -> new ArrayList<>())
                    .add(row);
        }
        return new Links(tags, authors);
    }

    /**
     * SELECT of the matching ids (column id), without order or limit; with search, also whether the title matches
     * (title_hit: the A-weighted lexemes), ts_rank (search_rank) and how many they are (search_total, the list's
     * count), computed only for the newest matches the GIN index found.
     */
    private String ids(Sql sql, Blog blog, String type, ListQuery q, Search search) {
        String blogId = sql.param(blog.id());
        String postType = sql.param(type);
        List<String> where = new ArrayList<>();
        String from;
        if (search != null) {
            from = "SELECT p.id, p.search_vector, p.published_at, p.updated_at, p.title FROM post p";
            where.add("p.blog_id = " + blogId + " AND p.type = " + postType + " AND p.listed AND p.search_vector @@ "
                    + search.tsquery());
            postConditions(sql, q, where, blogId);
        } else if (linkDriven(q) && q.tag() != null) {
            from = "SELECT l.post_id AS id FROM post_tag l";
            where.add("l.tag_id = (SELECT id FROM tag WHERE blog_id = " + blogId + " AND slug = " + sql.param(q.tag())
                    + ")");
            where.add("l.type = " + postType + " AND l.listed");
            if (q.author() != null) {
                where.add(authorExists(sql, "l.post_id", blogId, q.author()));
            }
        } else if (linkDriven(q)) {
            from = "SELECT l.post_id AS id FROM post_author l";
            where.add("l.author_id = (SELECT id FROM author WHERE blog_id = " + blogId + " AND username = "
                    + sql.param(q.author()) + ")");
            where.add("l.type = " + postType + " AND l.listed");
        } else {
            from = "SELECT p.id FROM post p";
            where.add("p.blog_id = " + blogId + " AND p.type = " + postType + " AND p.listed");
            postConditions(sql, q, where, blogId);
        }
        if (q.featured() != null) {
            where.add(
                    from.contains("post p")
                            ? "p.featured = " + sql.param(q.featured())
                            : "EXISTS (SELECT 1 FROM post fp WHERE fp.id = l.post_id AND fp.featured = "
                                    + sql.param(q.featured()) + ")");
        }
        String ids = from + " WHERE " + String.join(" AND ", where);
        if (search == null) {
            return ids;
        }
        // Ranking reads each match's vector: only the newest maxSearchResults matches are ranked, so a word found in
        // every post of a large blog costs a bounded amount (the same alias p keeps every order's SQL valid).
        return "SELECT p.id, ts_filter(p.search_vector, '{a}') @@ " + search.tsquery()
                + " AS title_hit, ts_rank(p.search_vector, "
                + search.tsquery() + ") AS search_rank, count(*) OVER () AS search_total FROM (" + ids
                + " ORDER BY p.published_at DESC, p.id DESC LIMIT "
                + sql.param(maxSearchResults) + ") p";
    }

    /** tag, author and filter conditions over the post table (alias p). */
    private static void postConditions(Sql sql, ListQuery q, List<String> where, String blogId) {
        if (q.tag() != null) {
            where.add("EXISTS (SELECT 1 FROM post_tag pt WHERE pt.post_id = p.id AND pt.tag_id = (SELECT id FROM tag"
                    + " WHERE blog_id = " + blogId + " AND slug = " + sql.param(q.tag()) + "))");
        }
        if (q.author() != null) {
            where.add(authorExists(sql, "p.id", blogId, q.author()));
        }
        if (q.filter() != null) {
            where.add(FilterSql.compile(q.filter(), blogId, sql::param));
        }
    }

    /** A tag's or author's link index drives the list: a published order and no condition beyond tag/author/featured. */
    private static boolean linkDriven(ListQuery q) {
        return q.order().byPublished()
                && (q.tag() != null || q.author() != null)
                && q.search() == null
                && q.filter() == null;
    }

    private static String idsOrder(ListQuery q) {
        if (q.order() == Order.RELEVANCE) {
            return "title_hit DESC, search_rank DESC, " + q.order().sql("p");
        }
        return linkDriven(q) ? q.order().linkSql("l") : q.order().sql("p");
    }

    private static String authorExists(Sql sql, String postId, String blogId, String username) {
        return "EXISTS (SELECT 1 FROM post_author pa WHERE pa.post_id = " + postId
                + " AND pa.author_id = (SELECT id FROM author" + " WHERE blog_id = " + blogId + " AND username = "
                + sql.param(username) + "))";
    }

    /** Positional parameters ($1, $2, ...) collected while the statement is built. */
    private static final class Sql {
        private final List<Object> values = new ArrayList<>();

        String param(Object value) {
            values.add(value);
            return "$" + values.size();
        }

        Tuple tuple() {
            return Tuple.from(values);
        }
    }
}
