package dev.pressroom.auth.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.password.PasswordHasher;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.kernel.testing.MetricsScrape;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The operational metrics at /q/metrics move with the actions they count (README, Metrics and traces). */
@QuarkusTest
class OperationalMetricsResourceTest {

    private static final String ISSUED = "pressroom_auth_tokens_issued_total";
    private static final String REVOCATIONS = "pressroom_auth_revocations_total";
    private static final String RESIDENT_AREAS = "pressroom_auth_hash_areas_resident";

    @Inject
    TestClock clock;

    @Inject
    PasswordHasher hasher;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void tokensWhenIssuedThenCountedByGrantType() {
        TestClients app = TestClients.create();
        String code = app.code(new Browser(), "openid offline_access");
        MetricsScrape before = Admin.scrape();

        String refresh = app.exchange(code).then().statusCode(200).extract().path("refresh_token");
        app.refresh(app.refresh(refresh).path("refresh_token")).then().statusCode(200);
        app.refresh(refresh).then().statusCode(400);

        MetricsScrape after = Admin.scrape();
        assertThat(delta(before, after, ISSUED, "grant_type", "authorization_code"))
                .isEqualTo(1);
        assertThat(delta(before, after, ISSUED, "grant_type", "refresh_token"))
                .as("the reused token issued nothing")
                .isEqualTo(2);
    }

    @Test
    void revocationsWhenClientPersonOrServerRevokesThenCountedByReason() {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        String code = app.code(browser, "openid offline_access");
        Response tokens = app.exchange(code);
        MetricsScrape before = Admin.scrape();

        revoke(app, tokens.path("access_token")).then().statusCode(200);
        revoke(app, "not-a-token-of-ours").then().statusCode(200);
        app.refresh(app.refresh(tokens.path("refresh_token")).path("refresh_token"))
                .then()
                .statusCode(200);
        app.refresh(tokens.path("refresh_token")).then().statusCode(400);
        app.exchange(code).then().statusCode(400);
        TestClients other = TestClients.create();
        String othersRefresh = other.exchange(other.code(new Browser(), "openid offline_access"))
                .path("refresh_token");
        app.refresh(othersRefresh).then().statusCode(400);
        Response second = app.exchange(app.codeAgain(browser, "openid offline_access"));
        revoke(app, second.path("refresh_token")).then().statusCode(200);
        browser.get("/oauth/logout", Map.of("id_token_hint", second.path("id_token")));
        AccountPages.removeApp(AccountPages.signedIn(app), app.clientId).then().statusCode(303);

        MetricsScrape after = Admin.scrape();
        assertThat(delta(before, after, REVOCATIONS, "reason", "revocation_endpoint"))
                .as("an access token and a refresh chain; the unknown token revoked nothing")
                .isEqualTo(2);
        assertThat(delta(before, after, REVOCATIONS, "reason", "reuse")).isEqualTo(1);
        assertThat(delta(before, after, REVOCATIONS, "reason", "code_replay")).isEqualTo(1);
        assertThat(delta(before, after, REVOCATIONS, "reason", "wrong_client")).isEqualTo(1);
        assertThat(delta(before, after, REVOCATIONS, "reason", "logout")).isEqualTo(1);
        assertThat(delta(before, after, REVOCATIONS, "reason", "connected_apps"))
                .isEqualTo(1);
    }

    @Test
    void hashWhenAccountCreatedThenItsWaitForAThreadIsTimed() {
        MetricsScrape before = Admin.scrape();

        TestClients.create();

        MetricsScrape after = Admin.scrape();
        assertThat(delta(before, after, "pressroom_auth_hash_wait_seconds_count"))
                .isEqualTo(1);
        assertThat(after.find("pressroom_auth_hash_queue_depth"))
                .singleElement()
                .satisfies(depth -> assertThat(depth.value()).isZero());
    }

    @Test
    void hashWhenNoneFollowsForTwoSecondsThenItsWorkAreaGivesItsMemoryBack() {
        hasher.hash("a password to hash");

        // Read at once: on a starved machine a scrape could come after the 2 s that release it.
        assertThat(hasher.residentAreas())
                .as("the area the password was hashed in")
                .isPositive();
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> assertThat(Admin.scrape().value(RESIDENT_AREAS)).isZero());
    }

    @Test
    void signingKeyWhenScrapedThenTheKeyInUseAndItsAgeGrowingWithTime() throws Exception {
        TestClients app = TestClients.create();
        String kid = SignedJWT.parse(
                        app.exchange(app.code(new Browser(), "openid")).<String>path("id_token"))
                .getHeader()
                .getKeyID();

        MetricsScrape now = Admin.scrape();
        clock.advance(Duration.ofDays(1));
        MetricsScrape dayLater = Admin.scrape();

        // One key signs per algorithm (the test profile has a key for each).
        assertThat(now.find("pressroom_auth_signing_key_info"))
                .hasSize(JwsAlgorithm.values().length)
                .allSatisfy(info -> assertThat(info.value()).isEqualTo(1))
                .anySatisfy(info -> assertThat(info.labels()).containsEntry("kid", kid));
        assertThat(now.find("pressroom_auth_signing_key_age_seconds"))
                .hasSize(JwsAlgorithm.values().length)
                .anySatisfy(age -> assertThat(age.labels()).containsEntry("kid", kid));
        assertThat(delta(now, dayLater, "pressroom_auth_signing_key_age_seconds", "kid", kid))
                .isBetween(86_400.0, 86_400.0 + 60);
    }

    private static Response revoke(TestClients app, String token) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of("token", token))
                .post("/oauth/revoke");
    }

    private static double delta(MetricsScrape before, MetricsScrape after, String name, String... labels) {
        return after.value(name, labels) - before.value(name, labels);
    }
}
