package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PostgresProxyProfile;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL failing in the middle of a refresh: 503 temporarily_unavailable, counted, and the client's honest retry
 * is not taken for reuse. And while it is down, answers that need no PostgreSQL stand although their audit events
 * cannot be written.
 */
@QuarkusTest
@TestProfile(PostgresProxyProfile.class)
class PostgresOutageResourceTest {

    @AfterEach
    void restore() {
        PostgresProxyProfile.restore();
    }

    @Test
    void refreshWhenPostgresFailsMidwayThenRetryWithSameTokenSucceeds() throws Exception {
        TestClients app = TestClients.create();
        Response tokens = app.exchange(app.code(new Browser(), "openid roles offline_access"));
        String refresh = tokens.path("refresh_token");

        double errorsBefore = postgresqlErrors();
        PostgresProxyProfile.cut();
        app.refresh(refresh)
                .then()
                .statusCode(503)
                .body("error", equalTo("temporarily_unavailable"))
                .header("Retry-After", "5");
        // At least the refresh's; the signing keys' refresh every 30 s may have failed meanwhile too.
        assertThat(postgresqlErrors() - errorsBefore).isGreaterThanOrEqualTo(1);
        PostgresProxyProfile.restore();

        // The pool reconnects by itself; until then a retry meets 503 again and leaves the token current.
        Response retry =
                await().atMost(Duration.ofSeconds(10)).until(() -> app.refresh(refresh), r -> r.statusCode() < 500);
        assertThat(retry.statusCode()).as(retry.asString()).isEqualTo(200);
        app.refresh(retry.path("refresh_token")).then().statusCode(200);
    }

    @Test
    void auditWhenPostgresDownThenAnswerUnchangedAndLostEventCounted() throws Exception {
        TestClients app = TestClients.create();
        String first =
                app.exchange(app.code(new Browser(), "openid offline_access")).path("refresh_token");
        app.refresh(app.refresh(first).path("refresh_token")).then().statusCode(200);
        double lost = lostWrites();
        double reused = Admin.scrape().value("pressroom_auth_refresh_reuse_detected_total");

        PostgresProxyProfile.cut();
        // Reuse detection needs only Redis: its answer stands although its audit event cannot be written.
        app.refresh(first).then().statusCode(400).body("error", equalTo("invalid_grant"));
        assertThat(Admin.scrape().value("pressroom_auth_refresh_reuse_detected_total") - reused)
                .isEqualTo(1);
        assertThat(await().atMost(Duration.ofSeconds(10)).until(() -> lostWrites() - lost, n -> n > 0))
                .isEqualTo(1);
    }

    @Test
    void adminCallWhenPostgresDownThen503TemporarilyUnavailableAndCounted() {
        double errors = postgresqlErrors();

        PostgresProxyProfile.cut();
        Admin.admin()
                .body(Map.of(
                        "email",
                        "outage-" + System.nanoTime() + "@example.com",
                        "password",
                        "long enough pw",
                        "name",
                        "Outage"))
                .post("/admin/accounts")
                .then()
                .statusCode(503)
                .header("Retry-After", "5")
                .body("error", equalTo("temporarily_unavailable"));

        assertThat(postgresqlErrors() - errors).isGreaterThanOrEqualTo(1);
    }

    @Test
    void authorizeAndAdminCallWhenPostgresConnectionsResetThen503() {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        app.code(browser, "openid");
        TestClients unseen = TestClients.create();
        double errors = postgresqlErrors();

        // Resets instead of closes ("connection reset"), as a crashed server or a dropped route answers.
        PostgresProxyProfile.reset();
        authorizeAndAdminCallAnswer503(unseen, browser);

        assertThat(postgresqlErrors() - errors).isGreaterThanOrEqualTo(2);
    }

    @Test
    void authorizeAndAdminCallWhenPostgresPartitionedThen503WithinTheDeadlineAndRecoverAfterwards() {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        app.code(browser, "openid");
        TestClients unseen = TestClients.create();
        double errors = postgresqlErrors();

        PostgresProxyProfile.partition();
        long started = System.nanoTime();
        authorizeAndAdminCallAnswer503(unseen, browser);
        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        PostgresProxyProfile.restore();

        assertThat(waited)
                .as("two calls, each bounded by the 3 s database deadline, not by the partition's length")
                .isLessThan(Duration.ofSeconds(9));
        assertThat(postgresqlErrors() - errors).isGreaterThanOrEqualTo(2);
        // The calls the partition held are given up; new connections answer again.
        await().atMost(Duration.ofSeconds(10))
                .until(() -> browser.get("/oauth/authorize", unseen.authorizeParams("openid"))
                                .statusCode()
                        < 500);
    }

    /**
     * A page that needs the client's row (a client this replica has not looked up: an authorization with a session to
     * a recently seen client needs no PostgreSQL, its consent is read from Redis), and an admin call that writes an
     * account: both 503 with Retry-After.
     */
    private static void authorizeAndAdminCallAnswer503(TestClients app, Browser browser) {
        browser.get("/oauth/authorize", app.authorizeParams("openid"))
                .then()
                .statusCode(503)
                .header("Retry-After", "5");
        Admin.admin()
                .body(Map.of(
                        "email",
                        "outage-" + System.nanoTime() + "@example.com",
                        "password",
                        "long enough pw",
                        "name",
                        "Outage"))
                .post("/admin/accounts")
                .then()
                .statusCode(503)
                .header("Retry-After", "5")
                .body("error", equalTo("temporarily_unavailable"));
    }

    private static double lostWrites() {
        return Admin.scrape().value("pressroom_auth_audit_events_lost_total", "cause", "write_failed");
    }

    private static double postgresqlErrors() {
        return Admin.scrape().value("pressroom_auth_datastore_errors_total", "datastore", "postgresql");
    }
}
