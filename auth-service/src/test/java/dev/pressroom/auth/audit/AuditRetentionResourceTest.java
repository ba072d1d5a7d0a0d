package dev.pressroom.auth.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Events older than AUTH_AUDIT_RETENTION (90 days) are deleted; younger ones stay. */
@QuarkusTest
class AuditRetentionResourceTest {

    @Inject
    TestClock clock;

    @Inject
    AuditRetention retention;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void purgeWhenEventsOlderThanRetentionThenOnlyThoseDeleted() {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        wrongPassword(browser, page, app);
        clock.advance(Duration.ofDays(2));
        wrongPassword(browser, page, app);
        Map<String, String> mine = Map.of("account_id", app.accountId);
        List<Object> ids = AuditEvents.awaitAll(mine, e -> true, 2).stream()
                .map(e -> e.get("id"))
                .toList();

        clock.advance(Duration.ofDays(89));
        assertThat(retention.purge().await().indefinitely()).isPositive();

        // The first is 91 days old now, the second 89.
        assertThat(AuditEvents.find(mine)).extracting(e -> e.get("id")).containsExactly(ids.get(0));
    }

    private static void wrongPassword(Browser browser, Response page, TestClients app) {
        browser.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(page, "request"),
                                "csrf",
                                Browser.hidden(page, "csrf"),
                                "email",
                                app.email,
                                "password",
                                "wrong"))
                .then()
                .statusCode(200);
    }
}
