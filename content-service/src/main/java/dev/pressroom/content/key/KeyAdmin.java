package dev.pressroom.content.key;

import dev.pressroom.content.blog.ContentChanges;
import dev.pressroom.content.blog.Ids;
import dev.pressroom.kernel.id.Tokens;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;

/**
 * Creating, rotating and revoking content keys (command runs, never the public API). The plain key is shown once
 * and only its hash is stored. Every change notifies the replicas, which drop their cached lookups of the blog's keys.
 */
public final class KeyAdmin {

    public record IssuedKey(String id, String blogId, String key) {}

    private final KeyHasher hasher;

    public KeyAdmin(KeyHasher hasher) {
        this.hasher = hasher;
    }

    /** Revokes the blog's live keys with this label and issues a new one: the demo's key for each run. */
    public IssuedKey rotate(Connection c, String blog, String label, List<String> origins) throws SQLException {
        return inTransaction(c, () -> {
            String blogId = blogId(c, blog);
            revokeLabel(c, blogId, label);
            return issue(c, blogId, label, origins);
        });
    }

    public IssuedKey create(Connection c, String blog, String label, List<String> origins) throws SQLException {
        return inTransaction(c, () -> issue(c, blogId(c, blog), label, origins));
    }

    public int revoke(Connection c, String blog, String label) throws SQLException {
        return inTransaction(c, () -> {
            String blogId = blogId(c, blog);
            int revoked = revokeLabel(c, blogId, label);
            ContentChanges.keysChanged(c, blogId);
            return revoked;
        });
    }

    private IssuedKey issue(Connection c, String blogId, String label, List<String> origins) throws SQLException {
        String[] normalized = origins.stream()
                .map(o -> Origins.normalize(o).orElseThrow(() -> new IllegalArgumentException("not an origin: " + o)))
                .distinct()
                .toArray(String[]::new);
        String key = newKey();
        String id = Ids.newId();
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO content_key (id, blog_id, key_hash, label, allowed_origins) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, blogId);
            s.setString(3, hasher.hash(key));
            s.setString(4, label);
            s.setArray(5, c.createArrayOf("text", normalized));
            s.executeUpdate();
        }
        ContentChanges.keysChanged(c, blogId);
        return new IssuedKey(id, blogId, key);
    }

    /**
     * {@code prc_} and 48 hex digits (192 bits). Hex, because Ghost's official client refuses a key without 26 hex
     * digits in a row, and a Ghost front end must work with a Pressroom key as it is.
     */
    public static String newKey() {
        return "prc_" + HexFormat.of().formatHex(Tokens.randomBytes(24));
    }

    private static int revokeLabel(Connection c, String blogId, String label) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE content_key SET revoked_at = now() WHERE blog_id = ? AND label = ? AND revoked_at IS NULL")) {
            s.setString(1, blogId);
            s.setString(2, label);
            return s.executeUpdate();
        }
    }

    private static String blogId(Connection c, String blog) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM blog WHERE name = ? OR id = ?")) {
            s.setString(1, blog);
            s.setString(2, blog);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalArgumentException("no blog " + blog + " (import it first)");
                }
                return rs.getString(1);
            }
        }
    }

    private interface SqlWork<T> {
        T run() throws SQLException;
    }

    private static <T> T inTransaction(Connection c, SqlWork<T> work) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            T result = work.run();
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }
}
