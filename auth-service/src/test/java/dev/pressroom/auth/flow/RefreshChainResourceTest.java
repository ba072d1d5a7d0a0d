package dev.pressroom.auth.flow;

import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TimeMachine;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A refresh chain over weeks: Remove still reaches it, and it ends at its absolute lifetime however it is used. */
@QuarkusTest
class RefreshChainResourceTest {

    @Inject
    TimeMachine time;

    @Inject
    Pool postgres;

    private TestClients app;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
    }

    @AfterEach
    void reset() {
        time.reset();
    }

    @Test
    void removeWhenAppRefreshedDailyFor40DaysThenNextRefreshAndLastAccessTokenFail() {
        Response tokens = app.exchange(app.code(new Browser(), "openid offline_access"));
        for (int day = 1; day <= 40; day++) {
            time.advance(Duration.ofDays(1));
            tokens = app.refresh(tokens.path("refresh_token"));
            tokens.then().statusCode(200);
        }
        AccountPages.removeApp(AccountPages.signedIn(app), app.clientId).then().statusCode(303);

        app.refresh(tokens.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
        Admin.publicApi()
                .header("Authorization", "Bearer " + tokens.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(401);
    }

    @Test
    void refreshWhenConsentWithdrawnBehindRedisBackAndGivenAgainThenOldChainRefused() {
        Browser browser = new Browser();
        String refresh =
                app.exchange(app.code(browser, "openid offline_access")).path("refresh_token");
        // Withdrawn where Redis never hears of it (an operator's delete, a restore): the chain rests on that consent.
        postgres.preparedQuery("DELETE FROM consents WHERE account_id = $1")
                .execute(Tuple.of(UUID.fromString(app.accountId)))
                .await()
                .indefinitely();
        // Asked for again explicitly: the authorization's copy of the consent in Redis never heard of it either
        // (ConsentMirrorResourceTest shows the exchange putting the copy right).
        Map<String, String> again = app.authorizeParams("openid offline_access");
        again.put("prompt", "consent");
        Response consent = browser.get("/oauth/authorize", again);
        browser.post(
                        "/consent",
                        Map.of(
                                "request",
                                Browser.hidden(consent, "request"),
                                "csrf",
                                Browser.hidden(consent, "csrf"),
                                "decision",
                                "allow"))
                .then()
                .statusCode(303);

        app.refresh(refresh).then().statusCode(400).body("error", equalTo("invalid_grant"));
    }

    @Test
    void refreshWhenChainReachesNinetyDaysThenRefusedThoughUsedWithinTheIdleLifetime() {
        Response tokens = app.exchange(app.code(new Browser(), "openid offline_access"));
        for (int day = 20; day <= 80; day += 20) {
            time.advance(Duration.ofDays(20));
            tokens = app.refresh(tokens.path("refresh_token"));
            tokens.then().statusCode(200);
        }
        time.advance(Duration.ofDays(9));
        tokens = app.refresh(tokens.path("refresh_token"));
        tokens.then().statusCode(200);
        time.advance(Duration.ofDays(2));
        app.refresh(tokens.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
    }
}
