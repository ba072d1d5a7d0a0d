package dev.pressroom.auth.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasItem;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.WarmUpProfile;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import dev.pressroom.kernel.testing.LogCapture;
import dev.pressroom.kernel.testing.TestPostgres;
import dev.pressroom.kernel.testing.WarmUpWatch;
import dev.pressroom.kernel.warmup.WarmUp;
import dev.pressroom.kernel.warmup.WarmUpCheck;
import dev.pressroom.kernel.warmup.WarmUpLoop;
import dev.pressroom.kernel.warmup.WarmUpPass;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The warm-up runs the real flows against the real stores before readiness lets traffic in, past a token limit that
 * would stop it, without a line in the access log, and leaves nothing behind: no account, client or audit event, and
 * no key that lifts the limit afterwards.
 */
@QuarkusTest
@TestProfile(WarmUpProfile.class)
class WarmUpResourceTest {

    /** The token limit's counter for 127.0.0.1 (AbuseLimits). */
    private static final String LOOPBACK_TOKEN_COUNTER = SharedWindows.redisKey("auth:rl:", "token:127.0.0.1");

    @Inject
    WarmUp warmUp;

    @Inject
    RedisDataSource redis;

    @Test
    void startWhenWarmUpIsOnThenReadyOnceItsRoundsSucceeded() throws Exception {
        Map<String, Object> check = WarmUpWatch.awaitStartUpWarmUp();

        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) check.get("data");
        // Each of the connections finishes the round it began, so even a starved start completes some.
        assertThat(((Number) data.get("rounds")).intValue()).isGreaterThanOrEqualTo(WarmUpLoop.CONNECTIONS);
        assertThat(data.get("failed")).isEqualTo(0);
        assertThat(data).doesNotContainKey("first_failure");
    }

    @Test
    void runWhenTokenLimitIsLowThenEveryRoundSucceedsWhileUnreadyAndNothingRemains() throws Exception {
        WarmUpWatch.awaitStartUpWarmUp();
        UUID leftover = UUID.randomUUID();
        String staffClient = "warm-up-by-staff-" + UUID.randomUUID();
        UUID stranger = UUID.randomUUID();
        String strangerEmail = "warm-up-" + UUID.randomUUID() + "@warm-up.invalid";
        try (Connection db = database();
                Statement sql = db.createStatement()) {
            // A stopped replica's leftovers, and two look-alikes no warm-up made: a staff client, a person's account.
            sql.executeUpdate(client("warm-up-" + leftover, "warm-up"));
            sql.executeUpdate(account(leftover, "warm-up-" + leftover + "@warm-up.invalid"));
            sql.executeUpdate(client(staffClient, "admin"));
            sql.executeUpdate(account(stranger, strangerEmail));
        }

        // A window of the token limit that starts with the warm-up's first request, so it lasts the whole run.
        redis.execute("DEL", LOOPBACK_TOKEN_COUNTER);
        // Unready meanwhile: the whole readiness answer, because of this check.
        WarmUpWatch.Watched watched = WarmUpWatch.run(warmUp, Duration.ofSeconds(4), RestAssured.port);

        watched.assertRoundsSucceeded();
        // Each round makes four token requests: more in all than the limit lets through.
        assertThat(watched.outcome().rounds() * 4).isGreaterThan(WarmUpProfile.TOKEN_REQUESTS_PER_MINUTE);
        // Counted like traffic, so the limit's code is warm too; past the limit the pass let them through.
        // Sent to Redis in the limit's next batch at the latest.
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(loopbackTokenRequestsCounted())
                        .isGreaterThanOrEqualTo(watched.outcome().rounds() * 4L));
        watched.assertAccessLogMuted(message -> message.contains("/oauth/") || message.contains("/.well-known/"));
        Admin.management().get("/q/health/ready").then().statusCode(200).body("checks.name", hasItem(WarmUpCheck.NAME));
        try (Connection db = database()) {
            assertThat(count(db, "SELECT count(*) FROM clients WHERE created_by = 'warm-up'"))
                    .as("warm-up clients, this one's and the leftover")
                    .isZero();
            assertThat(count(
                            db,
                            "SELECT count(*) FROM accounts WHERE email = 'warm-up-' || id::text || '@warm-up.invalid'"))
                    .as("warm-up accounts, this one's and the leftover")
                    .isZero();
            assertThat(count(db, "SELECT count(*) FROM clients WHERE id = '" + staffClient + "'"))
                    .as("staff's client")
                    .isEqualTo(1);
            assertThat(count(db, "SELECT count(*) FROM accounts WHERE id = '" + stranger + "'"))
                    .as("the person's account")
                    .isEqualTo(1);
            assertThat(count(db, "SELECT count(*) FROM audit_events WHERE client_id LIKE 'warm-up-%'"))
                    .as("audit events")
                    .isZero();
            try (Statement sql = db.createStatement()) {
                sql.executeUpdate("DELETE FROM clients WHERE id = '" + staffClient + "'");
                sql.executeUpdate("DELETE FROM accounts WHERE id = '" + stranger + "'");
            }
        }
    }

    @Test
    void tokenRequestWhenNoWarmUpRunsThenItsHeaderLiftsNoLimit() throws Exception {
        WarmUpWatch.awaitStartUpWarmUp();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i <= WarmUpProfile.TOKEN_REQUESTS_PER_MINUTE; i++) {
            statuses.add(Admin.publicApi()
                    .header(WarmUpPass.HEADER, "guessed")
                    .auth()
                    .preemptive()
                    .basic("warm-up-guessed", "guessed")
                    .formParam("grant_type", "refresh_token")
                    .formParam("refresh_token", "none")
                    .post("/oauth/token")
                    .statusCode());
        }

        assertThat(statuses).contains(429);
    }

    @Test
    void tokenRequestAfterWarmUpThenInTheAccessLogAgain() throws Exception {
        WarmUpWatch.awaitStartUpWarmUp();
        try (LogCapture logs = LogCapture.written()) {
            Admin.publicApi().get("/.well-known/openid-configuration").then().statusCode(200);

            await().atMost(Duration.ofSeconds(10))
                    .until(() -> logs.messages(WarmUpWatch.ACCESS_LOG).stream()
                            .anyMatch(message -> message.startsWith("GET /.well-known/openid-configuration ")));
        }
    }

    /** What the token limit counted for 127.0.0.1 in its current window. */
    private long loopbackTokenRequestsCounted() {
        var counted = redis.execute("GET", LOOPBACK_TOKEN_COUNTER);
        return counted == null ? 0 : counted.toLong();
    }

    private static Connection database() throws SQLException {
        return TestPostgres.connect(System.getProperty("auth.db.name", "auth_test"));
    }

    private static String client(String id, String createdBy) {
        return "INSERT INTO clients (id, name, redirect_uris, scopes, auth_method, kind, created_by, created_at) "
                + "VALUES ('" + id + "', 'Left', '{}', '{}', 'client_secret_basic', 'first_party', '" + createdBy
                + "', now() - interval '2 hours')";
    }

    private static String account(UUID id, String email) {
        return "INSERT INTO accounts (id, email, name, password_hash, created_at, updated_at) VALUES ('" + id + "', '"
                + email + "', 'Left', '!', now() - interval '2 hours', now() - interval '2 hours')";
    }

    private static long count(Connection db, String query) throws SQLException {
        try (Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
