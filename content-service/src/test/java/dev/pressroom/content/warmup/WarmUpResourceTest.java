package dev.pressroom.content.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.kernel.testing.TestPostgres;
import dev.pressroom.kernel.testing.WarmUpWatch;
import dev.pressroom.kernel.warmup.WarmUp;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The warm-up reads a public blog with a key of its own, past an address limit that would stop it at once, while
 * readiness is down and without access-log lines, and leaves no key behind and the blog's content version as it was.
 */
@QuarkusTest
@TestProfile(WarmUpResourceTest.WarmUpOn.class)
class WarmUpResourceTest {

    private static final int PER_ADDRESS = 5;

    public static class WarmUpOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("pressroom.warm-up", "PT1S", "content.rate-limit.per-address", Integer.toString(PER_ADDRESS));
        }
    }

    @Inject
    WarmUp warmUp;

    @Inject
    ContentAdmin admin;

    @Test
    void runWhenABlogIsPublicThenReadsItPastTheLimitsWhileUnreadyAndLeavesNothing() throws Exception {
        WarmUpWatch.awaitStartUpWarmUp();
        TestContent.Loaded blog = TestContent.demo(admin, TestBlogs.freshName("warm-up"));
        String leftover = "warm-up-" + UUID.randomUUID();
        try (Connection db = database();
                Statement sql = db.createStatement()) {
            sql.executeUpdate("INSERT INTO content_key (id, blog_id, key_hash, label, created_at) VALUES ('" + leftover
                    + "', '" + blog.blogId() + "', 'left-" + leftover + "', 'warm-up', now() - interval '2 hours')");
        }
        long versions = contentVersions();

        WarmUpWatch.Watched watched = WarmUpWatch.run(warmUp, Duration.ofSeconds(3), RestAssured.port);

        // Each round makes several reads: more in all than the address limit lets through.
        watched.assertRoundsSucceeded();
        watched.assertAccessLogMuted(line -> line.contains("/api/content/"));
        assertThat(WarmUpWatch.readiness().status()).isEqualTo(200);
        try (Connection db = database()) {
            assertThat(count(db, "SELECT count(*) FROM content_key WHERE id LIKE 'warm-up-%'"))
                    .as("warm-up keys, this one's and the leftover")
                    .isZero();
            assertThat(count(db, "SELECT count(*) FROM content_key WHERE blog_id = '" + blog.blogId() + "'"))
                    .as("the blog's own key")
                    .isEqualTo(1);
        }
        assertThat(contentVersions()).as("content versions").isEqualTo(versions);
    }

    private static long contentVersions() throws SQLException {
        try (Connection db = database()) {
            return count(db, "SELECT coalesce(sum(content_version), 0) FROM blog");
        }
    }

    private static Connection database() throws SQLException {
        return TestPostgres.connect(System.getProperty("content.db.name", "content_test"));
    }

    private static long count(Connection db, String query) throws SQLException {
        try (Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
