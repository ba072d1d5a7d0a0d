package dev.pressroom.content.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.content.observe.Management;
import dev.pressroom.kernel.testing.LogCapture;
import dev.pressroom.kernel.testing.TestPostgres;
import dev.pressroom.kernel.warmup.WarmUp;
import dev.pressroom.kernel.warmup.WarmUpCheck;
import dev.pressroom.kernel.warmup.WarmUpLoop;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
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
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "UP".equals(warmUpCheck(ready()).get("status")));
        TestContent.Loaded blog = TestContent.demo(admin, TestBlogs.freshName("warm-up"));
        String leftover = "warm-up-" + UUID.randomUUID();
        try (Connection db = database();
                Statement sql = db.createStatement()) {
            sql.executeUpdate("INSERT INTO content_key (id, blog_id, key_hash, label, created_at) VALUES ('" + leftover
                    + "', '" + blog.blogId() + "', 'left-" + leftover + "', 'warm-up', now() - interval '2 hours')");
        }
        long versions = contentVersions();

        WarmUpLoop.Outcome outcome;
        List<String> accessLog;
        try (LogCapture logs = LogCapture.start()) {
            CompletableFuture<WarmUpLoop.Outcome> running =
                    CompletableFuture.supplyAsync(() -> warmUp.run(Duration.ofSeconds(3), RestAssured.port));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                Response ready = ready();
                return ready.statusCode() == 503
                        && "DOWN".equals(warmUpCheck(ready).get("status"));
            });
            outcome = running.get();
            accessLog = logs.messages("io.quarkus.http.access-log");
        }

        assertThat(outcome.failed()).as(String.valueOf(outcome.firstFailure())).isZero();
        // Each thread finishes at least the round it began, each round several reads: past the address limit.
        assertThat(outcome.rounds()).isGreaterThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        assertThat(accessLog)
                .filteredOn(line -> line.contains("/api/content/"))
                // Muted while it runs; each connection's last answer may be logged just after (one at a time).
                .as("warm-up lines in the access log")
                .hasSizeLessThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        assertThat(ready().statusCode()).isEqualTo(200);
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

    private static Response ready() {
        return Management.management().get("/q/health/ready");
    }

    private static Map<String, Object> warmUpCheck(Response ready) {
        List<Map<String, Object>> checks = ready.jsonPath().getList("checks");
        return checks.stream()
                .filter(check -> WarmUpCheck.NAME.equals(check.get("name")))
                .findFirst()
                .orElseThrow();
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
