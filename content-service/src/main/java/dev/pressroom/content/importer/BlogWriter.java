package dev.pressroom.content.importer;

import dev.pressroom.content.blog.ContentChanges;
import dev.pressroom.content.blog.Ids;
import dev.pressroom.content.cdn.ChangedKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stores a {@link BlogPlan} in one transaction: the folder is the whole blog, so rows it no longer has are removed,
 * rows it keeps are updated in place by slug/username (their ids stay), and the blog's content version goes up.
 * The change notification is sent inside the transaction, so replicas hear of it exactly when it commits, and the
 * surrogate keys whose answers changed are compared inside it too ({@link ChangedKeys}), for a CDN purge.
 */
public final class BlogWriter {

    /**
     * What one import wrote.
     *
     * @param changedKeys the surrogate keys of the answers this import changed (what a CDN must purge); empty when
     *     keys are not compared
     */
    public record Result(String blogId, long version, int posts, int pages, Set<String> changedKeys) {}

    private final boolean comparesKeys;

    /**
     * @param comparesKeys whether to find the changed surrogate keys: two reads of the whole blog, paid only when a
     *     CDN purge will use them
     */
    public BlogWriter(boolean comparesKeys) {
        this.comparesKeys = comparesKeys;
    }

    public Result write(Connection connection, String name, BlogPlan plan) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            Map<String, String> before = comparesKeys ? ChangedKeys.snapshot(connection, name) : Map.of();
            String blogId = upsertBlog(connection, name, plan);
            Map<String, String> authorIds = upsertAuthors(connection, blogId, plan.authors());
            Map<String, String> tagIds = upsertTags(connection, blogId, plan.tags());
            upsertPosts(connection, blogId, plan, authorIds, tagIds);
            updateCounts(connection, blogId);
            Set<String> changed = comparesKeys
                    ? ChangedKeys.between(blogId, before, ChangedKeys.snapshot(connection, name))
                    : Set.of();
            long version = ContentChanges.bump(connection, blogId);
            connection.commit();
            int posts = (int)
                    plan.posts().stream().filter(p -> p.type().equals("post")).count();
            return new Result(blogId, version, posts, plan.posts().size() - posts, changed);
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private String upsertBlog(Connection c, String name, BlogPlan plan) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO blog (id, name, custom_domain, url, private, settings, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, now())
                ON CONFLICT (name) DO UPDATE SET custom_domain = excluded.custom_domain, url = excluded.url,
                    private = excluded.private, settings = excluded.settings, updated_at = now()
                RETURNING id""")) {
            s.setString(1, Ids.newId());
            s.setString(2, name);
            s.setString(3, plan.customDomain());
            s.setString(4, plan.url());
            s.setBoolean(5, plan.privateBlog());
            s.setString(6, plan.settingsJson());
            return single(s);
        }
    }

    private Map<String, String> upsertAuthors(Connection c, String blogId, List<BlogPlan.AuthorPlan> authors)
            throws SQLException {
        Map<String, String> ids = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO author (id, blog_id, username, name, bio, profile_image, url, links, role, on_team, position)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (blog_id, username) DO UPDATE SET name = excluded.name, bio = excluded.bio,
                    profile_image = excluded.profile_image, url = excluded.url, links = excluded.links,
                    role = excluded.role, on_team = excluded.on_team, position = excluded.position
                RETURNING id""")) {
            for (BlogPlan.AuthorPlan a : authors) {
                s.setString(1, Ids.newId());
                s.setString(2, blogId);
                s.setString(3, a.username());
                s.setString(4, a.name());
                s.setString(5, a.bio());
                s.setString(6, a.profileImage());
                s.setString(7, a.url());
                s.setString(8, a.linksJson());
                s.setString(9, a.role());
                s.setBoolean(10, a.onTeam());
                s.setInt(11, a.position());
                ids.put(a.username(), single(s));
            }
        }
        deleteMissing(c, "author", blogId, ids.values().toArray(String[]::new));
        return ids;
    }

    private Map<String, String> upsertTags(Connection c, String blogId, List<BlogPlan.TagPlan> tags)
            throws SQLException {
        Map<String, String> ids = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO tag (id, blog_id, slug, name, description, url) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (blog_id, slug) DO UPDATE SET name = excluded.name, description = excluded.description,
                    url = excluded.url
                RETURNING id""")) {
            for (BlogPlan.TagPlan t : tags) {
                s.setString(1, Ids.newId());
                s.setString(2, blogId);
                s.setString(3, t.slug());
                s.setString(4, t.name());
                s.setString(5, t.description());
                s.setString(6, t.url());
                ids.put(t.slug(), single(s));
            }
        }
        deleteMissing(c, "tag", blogId, ids.values().toArray(String[]::new));
        return ids;
    }

    private void upsertPosts(
            Connection c, String blogId, BlogPlan plan, Map<String, String> authorIds, Map<String, String> tagIds)
            throws SQLException {
        List<PostPlan> posts = plan.posts();
        Map<String, String> ids = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement(PostSql.UPSERT)) {
            for (PostPlan p : posts) {
                PostSql.bind(s, Ids.newId(), blogId, plan.searchConfig(), p);
                ids.put(p.slug(), single(s));
            }
        }
        String[] kept = ids.values().toArray(String[]::new);
        deleteMissing(c, "post", blogId, kept);
        try (PreparedStatement clearTags = c.prepareStatement("DELETE FROM post_tag WHERE post_id = ANY (?)");
                PreparedStatement clearAuthors = c.prepareStatement("DELETE FROM post_author WHERE post_id = ANY (?)");
                PreparedStatement clearRatings = c.prepareStatement("DELETE FROM rating WHERE post_id = ANY (?)")) {
            for (PreparedStatement s : List.of(clearTags, clearAuthors, clearRatings)) {
                s.setArray(1, c.createArrayOf("text", kept));
                s.executeUpdate();
            }
        }
        try (PreparedStatement tag = c.prepareStatement(
                        "INSERT INTO post_tag (post_id, tag_id, position, type, listed, published_at) VALUES (?, ?, ?, ?, ?, ?)");
                PreparedStatement author = c.prepareStatement(
                        "INSERT INTO post_author (post_id, author_id, position, type, listed, published_at) VALUES (?, ?, ?, ?, ?, ?)");
                PreparedStatement rating =
                        c.prepareStatement("INSERT INTO rating (post_id, reader, stars, review) VALUES (?, ?, ?, ?)")) {
            for (PostPlan p : posts) {
                String postId = ids.get(p.slug());
                link(tag, postId, p, p.tagSlugs(), tagIds);
                link(author, postId, p, p.authorUsernames(), authorIds);
                for (var r : p.ratings()) {
                    rating.setString(1, postId);
                    rating.setString(2, r.reader());
                    rating.setInt(3, r.stars());
                    rating.setString(4, r.review());
                    rating.addBatch();
                }
            }
            tag.executeBatch();
            author.executeBatch();
            rating.executeBatch();
        }
    }

    private static void link(PreparedStatement s, String postId, PostPlan p, List<String> keys, Map<String, String> ids)
            throws SQLException {
        for (int i = 0; i < keys.size(); i++) {
            s.setString(1, postId);
            s.setString(2, ids.get(keys.get(i)));
            s.setInt(3, i);
            s.setString(4, p.type());
            s.setBoolean(5, p.listed());
            setInstant(s, 6, p.publishedAt());
            s.addBatch();
        }
    }

    private static void updateCounts(Connection c, String blogId) throws SQLException {
        try (PreparedStatement t = c.prepareStatement("""
                UPDATE tag t SET post_count = (SELECT count(*) FROM post_tag pt
                    WHERE pt.tag_id = t.id AND pt.listed AND pt.type = 'post') WHERE t.blog_id = ?""");
                PreparedStatement a = c.prepareStatement("""
                UPDATE author au SET post_count = (SELECT count(*) FROM post_author pa
                    WHERE pa.author_id = au.id AND pa.listed AND pa.type = 'post') WHERE au.blog_id = ?""");
                PreparedStatement r = c.prepareStatement("""
                UPDATE post p SET list_rank = ranked.rank FROM (
                    SELECT id, CASE WHEN listed THEN row_number() OVER (PARTITION BY type, listed
                        ORDER BY published_at DESC, id DESC) END AS rank
                    FROM post WHERE blog_id = ?) ranked
                WHERE p.id = ranked.id AND p.list_rank IS DISTINCT FROM ranked.rank""");
                PreparedStatement b = c.prepareStatement("""
                UPDATE blog SET post_count = (SELECT count(*) FROM post WHERE blog_id = blog.id AND listed AND type = 'post'),
                    page_count = (SELECT count(*) FROM post WHERE blog_id = blog.id AND listed AND type = 'page')
                WHERE id = ?""")) {
            for (PreparedStatement s : List.of(t, a, r, b)) {
                s.setString(1, blogId);
                s.executeUpdate();
            }
        }
    }

    private static void deleteMissing(Connection c, String table, String blogId, String[] keptIds) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("DELETE FROM " + table + " WHERE blog_id = ? AND NOT (id = ANY (?))")) {
            s.setString(1, blogId);
            s.setArray(2, c.createArrayOf("text", keptIds));
            s.executeUpdate();
        }
    }

    static void setInstant(PreparedStatement s, int index, java.time.Instant instant) throws SQLException {
        if (instant == null) {
            s.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            s.setObject(index, java.time.OffsetDateTime.ofInstant(instant, java.time.ZoneOffset.UTC));
        }
    }

    private static String single(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }
}
