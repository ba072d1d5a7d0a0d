package dev.pressroom.content.cdn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which surrogate keys an import changed: a fingerprint of everything an answer shows, per key, taken before and
 * after the write in the same transaction, then compared. A post's fingerprint is its row (less the list rank, which
 * moves when another post is added) and its ordered tag and author links; a tag's and an author's are their rows
 * (with their post counts); the blog's is its name, domain, URL, privacy and settings. Only published posts count:
 * a draft is in no answer.
 */
public final class ChangedKeys {

    /** One statement over the blog's rows: (kind, name, fingerprint), kind blog, post, page, tag or author. */
    private static final String SNAPSHOT = """
            SELECT b.id, 'blog' AS kind, '' AS name,
                   md5(concat_ws('|', b.name, b.custom_domain, b.url, b.private::text, b.settings)) AS print
            FROM blog b WHERE b.name = ?
            UNION ALL
            SELECT b.id, p.type, p.id, md5((to_jsonb(p) - 'list_rank' - 'search_vector')::text
                   || '|' || coalesce((SELECT string_agg(pt.tag_id, ',' ORDER BY pt.position)
                                       FROM post_tag pt WHERE pt.post_id = p.id), '')
                   || '|' || coalesce((SELECT string_agg(pa.author_id, ',' ORDER BY pa.position)
                                       FROM post_author pa WHERE pa.post_id = p.id), ''))
            FROM post p JOIN blog b ON b.id = p.blog_id WHERE b.name = ? AND p.status = 'published'
            UNION ALL
            SELECT b.id, 'tag', t.slug, md5(to_jsonb(t)::text)
            FROM tag t JOIN blog b ON b.id = t.blog_id WHERE b.name = ?
            UNION ALL
            SELECT b.id, 'author', a.username, md5(to_jsonb(a)::text)
            FROM author a JOIN blog b ON b.id = a.blog_id WHERE b.name = ?
            ORDER BY 2, 3""";

    private ChangedKeys() {}

    /** Fingerprints by surrogate key of the blog's answers; empty when there is no such blog yet. */
    public static Map<String, String> snapshot(Connection connection, String blogName) throws SQLException {
        Map<String, String> prints = new LinkedHashMap<>();
        try (PreparedStatement s = connection.prepareStatement(SNAPSHOT)) {
            for (int i = 1; i <= 4; i++) {
                s.setString(i, blogName);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String key = keyOf(rs.getString(1), rs.getString(2), rs.getString(3));
                    prints.merge(key, rs.getString(4), String::concat); // items named by their list key share it
                }
            }
        }
        return prints;
    }

    private static String keyOf(String blogId, String kind, String name) {
        return switch (kind) {
            case "blog" -> SurrogateKeys.blog(blogId);
            case "post" -> SurrogateKeys.member(blogId, SurrogateKeys.Type.POSTS, name);
            case "page" -> SurrogateKeys.member(blogId, SurrogateKeys.Type.PAGES, name);
            case "tag" -> SurrogateKeys.member(blogId, SurrogateKeys.Type.TAGS, name);
            default -> SurrogateKeys.member(blogId, SurrogateKeys.Type.AUTHORS, name);
        };
    }

    /**
     * The keys to purge: every item added, changed or removed, with its type's list key; only the blog's key when
     * the blog itself changed (it is on every answer); none for a new blog (nothing of it was answered yet).
     */
    public static Set<String> between(String blogId, Map<String, String> before, Map<String, String> after) {
        if (before.isEmpty()) {
            return Set.of();
        }
        String blog = SurrogateKeys.blog(blogId);
        if (!Objects.equals(before.get(blog), after.get(blog))) {
            return Set.of(blog);
        }
        Set<String> all = new LinkedHashSet<>(before.keySet());
        all.addAll(after.keySet());
        Set<String> changed = new TreeSet<>();
        for (String key : all) {
            if (!Objects.equals(before.get(key), after.get(key))) {
                changed.add(key);
                changed.add(SurrogateKeys.listKeyOf(key));
            }
        }
        return changed;
    }
}
