package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.RedisProxyProfile;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Redis unreachable: token, authorize and user info answer 503 temporarily_unavailable, each failure is counted,
 * readiness is down, then all recovers.
 */
@QuarkusTest
@TestProfile(RedisProxyProfile.class)
class RedisOutageResourceTest {

    @AfterEach
    void restore() {
        RedisProxyProfile.restore();
    }

    @Test
    void endpointsWhenRedisUnreachableThen503AndRecoverAfterwards() throws Exception {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        String code = app.code(browser, "openid offline_access");
        // Signed in and consented: the second authorization redirects at once.
        Response tokens = app.exchange(
                TestClients.query(browser.get("/oauth/authorize", app.authorizeParams("openid offline_access")))
                        .get("code"));
        String accessToken = tokens.path("access_token");

        double errorsBefore = redisErrors();
        RedisProxyProfile.cut();
        app.exchange(code)
                .then()
                .statusCode(503)
                .body("error", equalTo("temporarily_unavailable"))
                .header("Retry-After", "5")
                .header("Cache-Control", "no-store");
        app.refresh(tokens.path("refresh_token"))
                .then()
                .statusCode(503)
                .body("error", equalTo("temporarily_unavailable"));
        Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(503)
                .body("error", equalTo("temporarily_unavailable"));
        browser.get("/oauth/authorize", app.authorizeParams("openid"))
                .then()
                .statusCode(503)
                .body(containsString("temporarily unavailable"));
        Admin.management().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
        assertThat(redisErrors() - errorsBefore)
                .as("one failed Redis call per request")
                .isEqualTo(4);

        RedisProxyProfile.restore();
        awaitReady();
        // The code was never consumed while Redis was away, so it still works once; the tokens too.
        app.exchange(code).then().statusCode(200);
        Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(200);
        // Exactly once: the 503 left it current, and its one use retired it (its successor used, no retry is left).
        String next = app.refresh(tokens.path("refresh_token"))
                .then()
                .statusCode(200)
                .extract()
                .path("refresh_token");
        app.refresh(next).then().statusCode(200);
        app.refresh(tokens.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
    }

    @Test
    void refreshWhenRedisPartitionedThen503WithinTheDeadlineAndTheTokenStillRefreshesAfterwards() {
        TestClients app = TestClients.create();
        String refresh =
                app.exchange(app.code(new Browser(), "openid offline_access")).path("refresh_token");
        double errorsBefore = redisErrors();

        RedisProxyProfile.partition();
        long started = System.nanoTime();
        app.refresh(refresh).then().statusCode(503).body("error", equalTo("temporarily_unavailable"));
        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        RedisProxyProfile.restore();

        assertThat(waited)
                .as("the 2 s Redis deadline, not the partition's length")
                .isLessThan(Duration.ofSeconds(4));
        assertThat(redisErrors() - errorsBefore).isGreaterThanOrEqualTo(1);
        // Once the partition heals the held rotation may reach Redis, its answer long given up: the client's retry
        // with the same token is within the reuse grace, so the chain lives on either way.
        String next = app.refresh(refresh).then().statusCode(200).extract().path("refresh_token");
        app.refresh(next).then().statusCode(200);
    }

    @Test
    void passkeySignInWhenRedisUnreachableThen503AndNoSession() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(AccountPages.signedIn(person), authenticator, "Key")
                .then()
                .statusCode(303);
        Browser browser = new Browser();
        Response page = browser.get("/account", Map.of());
        String credential = authenticator.authenticate(PasskeyCeremony.requestOptions(browser, page));

        RedisProxyProfile.cut();
        PasskeyCeremony.signIn(browser, page, credential)
                .then()
                .statusCode(503)
                .body(containsString("temporarily unavailable"));
        browser.post(
                        "/signin/passkey/options",
                        Map.of("request", Browser.hidden(page, "request"), "csrf", Browser.hidden(page, "csrf")))
                .then()
                .statusCode(503);
        assertThat(browser.cookie("pr_session")).isNull();

        RedisProxyProfile.restore();
        awaitReady();
        // The challenge was never taken while Redis was away: the same assertion now signs in, once.
        assertThat(PasskeyCeremony.signIn(browser, page, credential).statusCode())
                .isEqualTo(303);
    }

    private static double redisErrors() {
        return Admin.scrape().value("pressroom_auth_datastore_errors_total", "datastore", "redis");
    }

    private static void awaitReady() {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> Admin.management().get("/q/health/ready").statusCode() == 200);
    }
}
