package dev.pressroom.content.sitemap;

import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.blog.BlogLinks;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A blog's sitemaps: posts and pages (the blog's home page first, as Ghost does) in their newest-first order, tags
 * and authors with published posts by slug/username. lastmod is a post's or page's last update; a tag's or author's
 * page changes when a post joins it, so theirs is their newest post's publication (one entry of the link index,
 * copied there at import); the home page's is the blog's last update; an index entry's is the latest of its file.
 */
@ApplicationScoped
public class SitemapService {

    // Posts and pages: positions are the import-time list ranks, so a file is one range of post_rank_idx, which
    // carries url and updated_at (V4): files and their lastmods never read the posts' rows.
    private static final String POST_FILE = """
            SELECT url, updated_at FROM post WHERE blog_id = $1 AND type = $2 AND listed AND list_rank BETWEEN $3 AND $4
            ORDER BY list_rank""";
    private static final String POST_FILES = """
            SELECT (list_rank - 1 + $3) / $4 + 1 AS file, max(updated_at) AS lastmod FROM post
            WHERE blog_id = $1 AND type = $2 AND listed GROUP BY 1""";
    // The newest update of posts and of pages: the first entry of post_updated_idx for each type.
    private static final String LAST_UPDATE = """
            SELECT greatest((SELECT max(updated_at) FROM post WHERE blog_id = $1 AND type = 'post' AND listed),
                            (SELECT max(updated_at) FROM post WHERE blog_id = $1 AND type = 'page' AND listed)) AS lastmod""";
    private static final String TAGS = """
            SELECT t.url, (SELECT max(pt.published_at) FROM post_tag pt
                           WHERE pt.tag_id = t.id AND pt.listed AND pt.type = 'post') AS updated_at
            FROM tag t WHERE t.blog_id = $1 AND t.post_count > 0 ORDER BY t.slug""";
    private static final String AUTHORS = """
            SELECT a.url, (SELECT max(pa.published_at) FROM post_author pa
                           WHERE pa.author_id = a.id AND pa.listed AND pa.type = 'post') AS updated_at
            FROM author a WHERE a.blog_id = $1 AND a.post_count > 0 ORDER BY a.username""";

    private final Pool pool;
    private final BlogLinks links;
    private final int pageSize;

    public SitemapService(Pool pool, BlogLinks links, ContentConfig config) {
        this.pool = pool;
        this.links = links;
        this.pageSize = config.sitemap().pageSize();
    }

    public Uni<byte[]> index(Blog blog) {
        return Uni.combine()
                .all()
                .unis(
                        postFiles(blog, SitemapFile.Type.POSTS),
                        postFiles(blog, SitemapFile.Type.PAGES),
                        namedFiles(blog, SitemapFile.Type.TAGS),
                        namedFiles(blog, SitemapFile.Type.AUTHORS))
                .with(lists -> {
                    List<SitemapWriter.Entry> files = new ArrayList<>();
                    for (Object list : lists) {
                        @SuppressWarnings("unchecked")
                        List<SitemapWriter.Entry> entries = (List<SitemapWriter.Entry>) list;
                        files.addAll(entries);
                    }
                    return SitemapWriter.index(files);
                });
    }

    public Uni<byte[]> file(Blog blog, String name) {
        SitemapFile file = SitemapFile.parse(name).orElseThrow(SitemapService::noSuchFile);
        Uni<List<SitemapWriter.Entry>> urls = switch (file.type()) {
            case POSTS -> postUrls(blog, "post", file.number(), 0);
            case PAGES -> file.number() == 1 ? homeAndPages(blog) : postUrls(blog, "page", file.number(), 1);
            case TAGS -> namedUrls(blog, TAGS, file.number());
            case AUTHORS -> namedUrls(blog, AUTHORS, file.number());
        };
        return urls.map(SitemapWriter::urlset);
    }

    /** Files of posts or pages with their lastmod; pages count the home page as their first URL. */
    private Uni<List<SitemapWriter.Entry>> postFiles(Blog blog, SitemapFile.Type type) {
        boolean pages = type == SitemapFile.Type.PAGES;
        int urls = pages ? blog.pageCount() + 1 : blog.postCount();
        return pool.preparedQuery(POST_FILES)
                .execute(Tuple.of(blog.id(), pages ? "page" : "post", pages ? 1 : 0, pageSize))
                .chain(rows -> pages
                        ? lastUpdate(blog).map(home -> lastmods(rows, home))
                        : Uni.createFrom().item(lastmods(rows, null)))
                .map(lastmods -> entries(blog, type, urls, lastmods));
    }

    /** Tag or author files: few rows per blog, so their lastmods are computed from the full list. */
    private Uni<List<SitemapWriter.Entry>> namedFiles(Blog blog, SitemapFile.Type type) {
        return pool.preparedQuery(type == SitemapFile.Type.TAGS ? TAGS : AUTHORS)
                .execute(Tuple.of(blog.id()))
                .map(rows -> {
                    Map<Integer, Instant> lastmods = new HashMap<>();
                    int position = 0;
                    for (Row r : rows) {
                        lastmods.merge(
                                position++ / pageSize + 1,
                                instant(r.getOffsetDateTime("updated_at")),
                                SitemapService::later);
                    }
                    return position == 0 ? List.of() : entries(blog, type, position, lastmods);
                });
    }

    private List<SitemapWriter.Entry> entries(
            Blog blog, SitemapFile.Type type, int urls, Map<Integer, Instant> lastmods) {
        List<SitemapWriter.Entry> entries = new ArrayList<>();
        if (urls == 0) {
            return entries;
        }
        for (int n = 1; n <= SitemapFile.files(urls, pageSize); n++) {
            entries.add(new SitemapWriter.Entry(links.of(blog, new SitemapFile(type, n).fileName()), lastmods.get(n)));
        }
        return entries;
    }

    private Uni<List<SitemapWriter.Entry>> postUrls(Blog blog, String type, int number, int shift) {
        int urls = ("post".equals(type) ? blog.postCount() : blog.pageCount()) + shift;
        if (number > SitemapFile.files(urls, pageSize)) {
            return Uni.createFrom().failure(noSuchFile());
        }
        // Position i (0-based) of the file list is rank i + 1 - shift.
        int first = (number - 1) * pageSize + 1 - shift;
        int last = number * pageSize - shift;
        return pool.preparedQuery(POST_FILE)
                .execute(Tuple.of(blog.id(), type, Math.max(first, 1), last))
                .map(SitemapService::urls);
    }

    private Uni<List<SitemapWriter.Entry>> homeAndPages(Blog blog) {
        return Uni.combine()
                .all()
                .unis(lastUpdate(blog), postUrls(blog, "page", 1, 1))
                .asTuple()
                .map(t -> {
                    List<SitemapWriter.Entry> urls = new ArrayList<>();
                    urls.add(new SitemapWriter.Entry(blog.settings().path("url").asText(), t.getItem1()));
                    urls.addAll(t.getItem2());
                    return urls;
                });
    }

    private Uni<List<SitemapWriter.Entry>> namedUrls(Blog blog, String sql, int number) {
        return pool.preparedQuery(sql + " LIMIT $2 OFFSET $3")
                .execute(Tuple.of(blog.id(), pageSize, (number - 1) * pageSize))
                .map(rows -> {
                    if (rows.size() == 0 && number > 1) {
                        throw noSuchFile();
                    }
                    return urls(rows);
                });
    }

    private Uni<Instant> lastUpdate(Blog blog) {
        return pool.preparedQuery(LAST_UPDATE)
                .execute(Tuple.of(blog.id()))
                .map(rows -> instant(rows.iterator().next().getOffsetDateTime("lastmod")));
    }

    private static List<SitemapWriter.Entry> urls(RowSet<Row> rows) {
        List<SitemapWriter.Entry> urls = new ArrayList<>(rows.size());
        for (Row r : rows) {
            urls.add(new SitemapWriter.Entry(r.getString("url"), instant(r.getOffsetDateTime("updated_at"))));
        }
        return urls;
    }

    private static Map<Integer, Instant> lastmods(RowSet<Row> rows, Instant home) {
        Map<Integer, Instant> lastmods = new HashMap<>();
        for (Row r : rows) {
            lastmods.put(r.getInteger("file"), instant(r.getOffsetDateTime("lastmod")));
        }
        if (home != null) {
            lastmods.merge(1, home, SitemapService::later);
        }
        return lastmods;
    }

    private static Instant later(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }

    private static ApiException noSuchFile() {
        return ApiException.notFound("No such sitemap file.");
    }
}
