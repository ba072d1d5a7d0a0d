package dev.pressroom.content.importer;

import dev.pressroom.content.cdn.CdnPurges;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.content.key.KeyAdmin;
import dev.pressroom.content.key.KeyHasher;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

/** The write side, over the JDBC datasource: imports and key changes, each one transaction. */
@ApplicationScoped
public class ContentAdmin {

    private final AgroalDataSource dataSource;
    private final ContentConfig config;
    private final Clock clock;
    private final KeyAdmin keys;
    private final CdnPurges purges;

    public ContentAdmin(AgroalDataSource dataSource, ContentConfig config, Clock clock, CdnPurges purges) {
        this.dataSource = dataSource;
        this.config = config;
        this.clock = clock;
        this.purges = purges;
        this.keys = new KeyAdmin(new KeyHasher(config.key().pepper()));
    }

    /**
     * Reads, checks and renders the whole folder first; only then writes it, all or nothing; then queues the CDN
     * purge of the answers it changed.
     */
    public BlogWriter.Result importBlog(String name, Path folder) throws SQLException {
        BlogPlan plan = new BlogReader(config.blogUrlTemplate(), clock.instant()).read(name, folder);
        return write(name, plan);
    }

    /** A Ghost JSON export, read, checked and sanitized whole, then written like a folder: all or nothing. */
    public GhostImport importGhost(String name, Path export) throws SQLException {
        GhostReader.Result read = new GhostReader(config.blogUrlTemplate(), clock.instant()).read(name, export);
        return new GhostImport(write(name, read.plan()), read.report());
    }

    private BlogWriter.Result write(String name, BlogPlan plan) throws SQLException {
        BlogWriter.Result result;
        try (Connection c = dataSource.getConnection()) {
            result = new BlogWriter(purges.enabled()).write(c, name, plan);
        }
        purges.enqueue(result.changedKeys()); // after the commit: a purge before it would refill the edge with the old
        return result;
    }

    public record GhostImport(BlogWriter.Result written, GhostReader.Report report) {}

    public KeyAdmin.IssuedKey rotateKey(String blog, String label, List<String> origins) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return keys.rotate(c, blog, label, origins);
        }
    }

    public KeyAdmin.IssuedKey createKey(String blog, String label, List<String> origins) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return keys.create(c, blog, label, origins);
        }
    }

    public int revokeKeys(String blog, String label) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return keys.revoke(c, blog, label);
        }
    }
}
