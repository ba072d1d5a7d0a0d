import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Benchmark data: a blog "bench" of 100,000 published posts (about 9 KB of HTML each, 20 tags, 10 authors),
 * generated inside PostgreSQL with generate_series. Idempotent: does nothing when the blog is already complete.
 * Also prints the query plans of the API's list, deep page, tag filter and single-post statements.
 * Run: java -cp postgresql.jar Seed.java seed|explain   (PG_HOST, PG_PORT, PG_USER, PG_PASSWORD, CONTENT_DB_NAME)
 */
public class Seed {

    static final int POSTS = 100_000;
    static final String BLOG_ID = "b0000000000000000000be7c";

    public static void main(String[] args) throws Exception {
        String url = "jdbc:postgresql://" + env("PG_HOST", "127.0.0.1") + ":" + env("PG_PORT", "5432") + "/"
                + env("CONTENT_DB_NAME", "content");
        try (Connection c = DriverManager.getConnection(url, env("PG_USER", "postgres"), env("PG_PASSWORD", ""));
             Statement s = c.createStatement()) {
            if (args.length > 0 && args[0].equals("explain")) {
                explain(s);
            } else {
                seed(c, s);
            }
        }
    }

    static void seed(Connection c, Statement s) throws Exception {
        try (ResultSet rs = s.executeQuery("SELECT post_count FROM blog WHERE id = '" + BLOG_ID + "'")) {
            if (rs.next() && rs.getInt(1) == POSTS) {
                System.err.println("bench blog already has " + POSTS + " posts");
                rank(s);
                return;
            }
        }
        long start = System.nanoTime();
        c.setAutoCommit(false);
        s.execute("DELETE FROM blog WHERE id = '" + BLOG_ID + "' OR name = 'bench'");
        s.execute("INSERT INTO blog (id, name, url, settings) VALUES ('" + BLOG_ID + "', 'bench', 'https://bench.example.com/', "
                + "'{\"title\":\"Bench\",\"description\":\"100,000 posts\",\"url\":\"https://bench.example.com/\",\"lang\":\"en\","
                + "\"accent_color\":\"#15171a\",\"logo\":null,\"icon\":null,\"cover_image\":null,\"meta_title\":null,"
                + "\"meta_description\":null,\"navigation\":[],\"secondary_navigation\":[],"
                + "\"rss_url\":\"https://bench.example.com/rss/\",\"atom_url\":\"https://bench.example.com/atom/\",\"posts_per_page\":15}')");
        s.execute("""
                INSERT INTO author (id, blog_id, username, name, bio, url, role, position)
                SELECT 'a0000000000000000000' || lpad(to_hex(i), 4, '0'), 'b0000000000000000000be7c', 'author-' || i,
                       'Author ' || i, 'Writes about food.', 'https://bench.example.com/author/author-' || i || '/', 'Author', i
                FROM generate_series(0, 9) i""");
        s.execute("""
                INSERT INTO tag (id, blog_id, slug, name, description, url)
                SELECT 'c0000000000000000000' || lpad(to_hex(i), 4, '0'), 'b0000000000000000000be7c', 'tag-' || i, 'Tag ' || i,
                       'Posts about topic ' || i, 'https://bench.example.com/tag/tag-' || i || '/'
                FROM generate_series(0, 19) i""");
        // About 9 KB of HTML per post: headings, paragraphs, a list and a figure, numbered so no two posts are equal.
        s.execute("""
                INSERT INTO post (id, blog_id, type, slug, status, visibility, listed, featured, title, url, html, markdown,
                    excerpt, published_at, updated_at, word_count, reading_time, toc, feature_image, feature_image_alt,
                    feature_image_width, feature_image_height, feature_image_sizes, feature_image_srcset, json_ld,
                    primary_tag, primary_author, tags)
                SELECT 'e' || lpad(to_hex(i), 23, '0'), 'b0000000000000000000be7c', 'post', 'post-' || i, 'published', 'public',
                    true, i % 10 = 0, 'Post number ' || i, 'https://bench.example.com/post-' || i || '/',
                    (SELECT string_agg('<h2 id="section-' || k || '">Section ' || k || ' of post ' || i || '</h2><p>Paragraph '
                        || k || ' of post ' || i || ': roast the tomatoes until their edges blacken, then blend them with '
                        || 'garlic, basil and a little stock. ' || md5((i * 31 + k)::text) || ' Season to taste, and keep '
                        || 'the soup warm while the bread toasts. Every kitchen has its own rhythm, and this recipe '
                        || 'bends to it without complaint.</p><ul><li>Step ' || k || 'a</li><li>Step ' || k
                        || 'b</li></ul><figure><img src="https://bench.example.com/img/' || i || '-' || k
                        || '.jpg" alt="Picture ' || k || '"><figcaption>Picture ' || k || '</figcaption></figure>', '')
                     FROM generate_series(1, 18) k),
                    'Markdown source of post ' || i, 'Excerpt of post ' || i || ': roast the tomatoes until their edges blacken.',
                    timestamptz '2014-01-01 00:00:00+00' + i * interval '50 minutes',
                    timestamptz '2014-01-01 00:00:00+00' + i * interval '50 minutes' + interval '1 day',
                    1450, 6, '[{"level":2,"id":"section-1","text":"Section 1"}]',
                    'https://bench.example.com/img/' || i || '.jpg', 'Feature image', 2000, 1333,
                    '{"thumbnail":"https://bench.example.com/img/' || i || '.jpg?size=600","full":"https://bench.example.com/img/' || i || '.jpg"}',
                    'https://bench.example.com/img/' || i || '.jpg?size=600 600w, https://bench.example.com/img/' || i || '.jpg 2000w',
                    '[{"@context":"https://schema.org","@type":"BlogPosting","headline":"Post number ' || i || '"}]',
                    '{"slug":"tag-' || (i % 20) || '","name":"Tag ' || (i % 20) || '"}',
                    '{"username":"author-' || (i % 10) || '","name":"Author ' || (i % 10) || '"}',
                    '[{"slug":"tag-' || (i % 20) || '","name":"Tag ' || (i % 20) || '","url":"https://bench.example.com/tag/tag-'
                        || (i % 20) || '/"}]'
                FROM generate_series(1, 100000) i""");
        s.execute("""
                INSERT INTO post_tag (post_id, tag_id, position, type, listed, published_at)
                SELECT p.id, 'c0000000000000000000' || lpad(to_hex(substring(p.slug from 6)::int % 20), 4, '0'), 0, 'post', true,
                       p.published_at
                FROM post p WHERE p.blog_id = 'b0000000000000000000be7c'""");
        s.execute("""
                INSERT INTO post_author (post_id, author_id, position, type, listed, published_at)
                SELECT p.id, 'a0000000000000000000' || lpad(to_hex(substring(p.slug from 6)::int % 10), 4, '0'), 0, 'post', true,
                       p.published_at
                FROM post p WHERE p.blog_id = 'b0000000000000000000be7c'""");
        // What the importer stores for search (V3__full_text_search.sql): the body's text and the blog's configuration.
        s.execute("UPDATE post SET search_config = 'english', body_text = btrim(regexp_replace(regexp_replace(html, '<[^>]*>', ' ', 'g'),"
                + " '\\s+', ' ', 'g')) WHERE blog_id = '" + BLOG_ID + "'");
        s.execute("UPDATE tag t SET post_count = (SELECT count(*) FROM post_tag WHERE tag_id = t.id) WHERE blog_id = '" + BLOG_ID + "'");
        s.execute("UPDATE author a SET post_count = (SELECT count(*) FROM post_author WHERE author_id = a.id) WHERE blog_id = '" + BLOG_ID + "'");
        s.execute("UPDATE blog SET post_count = " + POSTS + ", content_version = content_version + 1 WHERE id = '" + BLOG_ID + "'");
        c.commit();
        c.setAutoCommit(true);
        rank(s);
        // Index-only scans need the visibility map; statistics for the planner.
        s.execute("VACUUM ANALYZE post");
        s.execute("VACUUM ANALYZE post_tag");
        s.execute("VACUUM ANALYZE post_author");
        System.err.printf("seeded %d posts in %.0f s%n", POSTS, (System.nanoTime() - start) / 1e9);
    }

    /** The import-time list positions (V2__list_rank.sql), as the importer numbers them. */
    static void rank(Statement s) throws Exception {
        s.execute("UPDATE post p SET list_rank = r.rank FROM (SELECT id, row_number() OVER (ORDER BY published_at DESC, id DESC) AS rank"
                + " FROM post WHERE blog_id = '" + BLOG_ID + "' AND listed AND type = 'post') r WHERE p.id = r.id"
                + " AND p.list_rank IS DISTINCT FROM r.rank");
        s.execute("VACUUM ANALYZE post");
    }

    /** search=post number 4242 and filter=tag:[tag-3,tag-7]+published_at:>'2022-01-01', as the service compiles them. */
    static final String SEARCH = "to_tsquery('english'::regconfig, '''post'' & ''number'' & ''4242'':*')";
    static final String FILTER = "(p.id IN (SELECT fl.post_id FROM post_tag fl WHERE fl.listed AND fl.tag_id = ANY (ARRAY(SELECT ft.id"
            + " FROM tag ft WHERE ft.blog_id = '" + BLOG_ID + "' AND ft.slug = ANY ('{tag-3,tag-7}'))))) AND (p.published_at > '2022-01-01T00:00Z')";

    /** The statements the API runs for the benchmark rows, as the service builds them. */
    static void explain(Statement s) throws Exception {
        String b = "'" + BLOG_ID + "'";
        String[][] queries = {
            {"first page", "SELECT p.id, p.html FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.listed"
                + " AND p.list_rank BETWEEN 1 AND 15 ORDER BY p.published_at DESC, p.id DESC"},
            {"featured, deep (offset walk of an index)", "SELECT p.id FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post'"
                + " AND p.listed AND p.featured = true ORDER BY p.published_at DESC, p.id DESC LIMIT 15 OFFSET 4000"},
            {"deep page (5000)", "SELECT p.id, p.html FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.listed"
                + " AND p.list_rank BETWEEN 74986 AND 75000 ORDER BY p.published_at DESC, p.id DESC"},
            {"tag filter", "SELECT p.id, p.html FROM (SELECT l.post_id AS id FROM post_tag l WHERE l.tag_id = (SELECT id FROM tag WHERE blog_id = " + b
                + " AND slug = 'tag-7') AND l.type = 'post' AND l.listed ORDER BY l.published_at DESC, l.post_id DESC LIMIT 15 OFFSET 0) page"
                + " JOIN post p ON p.id = page.id ORDER BY p.published_at DESC, p.id DESC"},
            {"search: posts (and the count of matches)", "SELECT p.id, p.title, page.search_total, substr(p.body_text, greatest(1,"
                + " strpos(lower(p.body_text), 'numbe') - 200), 1500) AS search_window, " + SEARCH + "::text AS search_query"
                + " FROM (SELECT p.id, ts_filter(p.search_vector, '{a}') @@ " + SEARCH + " AS title_hit, ts_rank(p.search_vector, "
                + SEARCH + ") AS search_rank, count(*) OVER () AS search_total FROM (SELECT p.id, p.search_vector, p.published_at, p.updated_at, p.title FROM post p"
                + " WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.listed AND p.search_vector @@ " + SEARCH
                + " ORDER BY p.published_at DESC, p.id DESC LIMIT 1000) p"
                + " ORDER BY title_hit DESC, search_rank DESC, p.published_at DESC, p.id DESC LIMIT 15 OFFSET 0) page"
                + " JOIN post p ON p.id = page.id ORDER BY page.title_hit DESC, page.search_rank DESC, p.published_at DESC, p.id DESC"},
            {"search: count (only for a page past the end)", "SELECT count(*) FROM (SELECT p.id FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.listed"
                + " AND p.search_vector @@ " + SEARCH + " ORDER BY p.published_at DESC, p.id DESC LIMIT 1000) matching"},
            {"filter: page", "SELECT p.id FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.listed AND (" + FILTER + ")"
                + " ORDER BY p.published_at DESC, p.id DESC LIMIT 15 OFFSET 0"},
            {"filter: count", "SELECT count(*) FROM (SELECT p.id FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.listed"
                + " AND (" + FILTER + ")) matching"},
            {"sitemap: lastmod of each posts file", "SELECT (list_rank - 1) / 50000 + 1 AS file, max(updated_at) FROM post"
                + " WHERE blog_id = " + b + " AND type = 'post' AND listed GROUP BY 1"},
            {"sitemap: a posts file (50,000 URLs)", "SELECT url, updated_at FROM post WHERE blog_id = " + b + " AND type = 'post'"
                + " AND listed AND list_rank BETWEEN 1 AND 50000 ORDER BY list_rank"},
            {"sitemap: home page lastmod", "SELECT greatest((SELECT max(updated_at) FROM post WHERE blog_id = " + b
                + " AND type = 'post' AND listed), (SELECT max(updated_at) FROM post WHERE blog_id = " + b + " AND type = 'page' AND listed))"},
            {"post by slug", "SELECT p.id, p.html FROM post p WHERE p.blog_id = " + b + " AND p.type = 'post' AND p.status = 'published'"
                + " AND (p.slug = 'post-50000' OR (p.id = 'post-50000' AND p.visibility = 'public')) ORDER BY (p.slug = 'post-50000') DESC LIMIT 1"},
        };
        // The service's read sessions (application.properties): no parallel workers, no JIT.
        s.execute("SET max_parallel_workers_per_gather = 0");
        s.execute("SET jit = off");
        for (String[] q : queries) {
            System.out.println("-- " + q[0]);
            try (ResultSet rs = s.executeQuery("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + q[1])) {
                while (rs.next()) {
                    System.out.println(rs.getString(1));
                }
            }
        }
    }

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
