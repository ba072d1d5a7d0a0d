package dev.pressroom.content.blog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The one way a blog's content version moves: bumped inside the writing transaction, with a PostgreSQL NOTIFY
 * that every replica's listener receives when (and only if) the transaction commits.
 */
public final class ContentChanges {

    /** The NOTIFY channel; its payload is {@code <blog id>:<new version>}. */
    public static final String CHANNEL = "content_changed";

    private ContentChanges() {}

    public static long bump(Connection connection, String blogId) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(
                "UPDATE blog SET content_version = content_version + 1 WHERE id = ? RETURNING content_version")) {
            s.setString(1, blogId);
            long version;
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no blog " + blogId);
                }
                version = rs.getLong(1);
            }
            try (PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
                notify.setString(1, CHANNEL);
                notify.setString(2, blogId + ":" + version);
                notify.execute();
            }
            return version;
        }
    }

    /** Keys of the blog changed: replicas drop their key lookups; the content version (and so every ETag) stays. */
    public static void keysChanged(Connection connection, String blogId) throws SQLException {
        try (PreparedStatement notify = connection.prepareStatement(
                "SELECT pg_notify(?, id || ':' || content_version) FROM blog WHERE id = ?")) {
            notify.setString(1, CHANNEL);
            notify.setString(2, blogId);
            notify.execute();
        }
    }
}
