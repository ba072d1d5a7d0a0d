package dev.pressroom.auth.audit;

import static dev.pressroom.auth.support.AuditEvents.await;
import static dev.pressroom.auth.support.AuditEvents.detail;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each security-relevant action leaves its audit event, with who, which app and from where, and moves its metric. */
@QuarkusTest
class AuditEventsResourceTest {

    private static final String BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0";

    @Inject
    TestClock clock;

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser().userAgent(BROWSER);
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenPasswordRightThenSignInEventWithAddressAndBrowser() {
        double before = signIns("success");
        double typed = typeCount("sign_in");
        app.code(browser, "openid");
        assertThat(signIns("success") - before).isEqualTo(1);
        assertThat(typeCount("sign_in") - typed).isEqualTo(1);

        Map<String, Object> event = await(Map.of("type", "sign_in", "account_id", app.accountId), e -> true);
        assertThat(event)
                .containsEntry("client_id", app.clientId)
                .containsEntry("address", "127.0.0.1")
                .containsEntry("user_agent", BROWSER);
    }

    @Test
    void signInWhenWrongPasswordOrUnknownAccountThenBothWrongPassword() {
        double before = signIns("wrong_password");
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        String unknown = "nobody-" + Tokens.random(6).toLowerCase(Locale.ROOT) + "@example.test";
        signIn(page, app.email, "not the password");
        signIn(page, unknown, "not the password either");
        assertThat(signIns("wrong_password") - before).isEqualTo(2);

        Map<String, Object> known = await(Map.of("type", "sign_in_failed", "account_id", app.accountId), e -> true);
        assertThat(detail(known, "reason")).isEqualTo("wrong_password");
        assertThat(known).containsEntry("client_id", app.clientId).containsEntry("user_agent", BROWSER);
        Map<String, Object> stranger =
                await(Map.of("type", "sign_in_failed", "client_id", app.clientId), e -> e.get("account_id") == null);
        assertThat(detail(stranger, "reason")).isEqualTo("wrong_password");
        assertThat(stranger.toString()).doesNotContain(unknown).doesNotContain("not the password");
    }

    @Test
    void signInWhenFailuresPileUpThenThrottledThenLockedAndEachRecorded() {
        double throttled = signIns("throttled");
        double locked = signIns("locked");
        double wrong = signIns("wrong_password");
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        for (int i = 1; i <= 3; i++) {
            signIn(page, app.email, "wrong-" + i);
        }
        assertThat(signIn(page, app.email, TestClients.PASSWORD).asString()).contains("Too many failed sign-ins");
        for (int i = 4; i <= 10; i++) {
            clock.advance(Duration.ofSeconds(61));
            assertThat(signIn(page, app.email, "wrong-" + i).asString()).contains("Wrong email or password.");
        }
        assertThat(signIn(page, app.email, TestClients.PASSWORD).asString()).contains("wait 15 minutes");

        assertThat(signIns("wrong_password") - wrong).isEqualTo(10);
        assertThat(signIns("throttled") - throttled).isEqualTo(1);
        assertThat(signIns("locked") - locked).isEqualTo(1);
        Map<String, String> mine = Map.of("account_id", app.accountId);
        assertThat(detail(await(with(mine, "type", "account_locked"), e -> true), "minutes"))
                .isEqualTo(15);
        List<Object> reasons = AuditEvents.awaitAll(with(mine, "type", "sign_in_failed"), e -> true, 12).stream()
                .map(e -> detail(e, "reason"))
                .toList();
        assertThat(reasons.subList(0, 2)).containsExactly("locked", "wrong_password");
        assertThat(reasons).containsOnlyOnce("throttled");
    }

    @Test
    void consentWhenGivenAndAppRemovedThenEventsAndCountsForBoth() {
        double given = consents("given");
        double removed = consents("removed");
        app.exchange(app.code(browser, "openid email")).then().statusCode(200);
        assertThat(consents("given") - given).isEqualTo(1);
        Map<String, Object> consent = await(Map.of("type", "consent_given", "account_id", app.accountId), e -> true);
        assertThat(consent).containsEntry("client_id", app.clientId).containsEntry("user_agent", BROWSER);
        assertThat(detail(consent, "scopes")).isEqualTo(List.of("openid", "email"));

        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);
        assertThat(consents("removed") - removed).isEqualTo(1);
        assertThat(detail(await(Map.of("type", "consent_removed", "account_id", app.accountId), e -> true), "scopes"))
                .isEqualTo(List.of("openid", "email"));
        assertThat(await(Map.of("type", "app_removed", "account_id", app.accountId), e -> true))
                .containsEntry("client_id", app.clientId)
                .containsEntry("address", "127.0.0.1");

        // Removing it again removes no consent, but the request to remove is still recorded.
        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);
        assertThat(consents("removed") - removed).isEqualTo(1);
        AuditEvents.awaitAll(Map.of("type", "app_removed", "account_id", app.accountId), e -> true, 2);
    }

    @Test
    void refreshWhenRetiredTokenPresentedAgainThenReuseEventAndCount() {
        double reused = Admin.scrape().value("pressroom_auth_refresh_reuse_detected_total");
        String first = app.exchange(app.code(browser, "openid offline_access")).path("refresh_token");
        app.refresh(app.refresh(first).path("refresh_token")).then().statusCode(200);
        app.refresh(first).then().statusCode(400);
        assertThat(Admin.scrape().value("pressroom_auth_refresh_reuse_detected_total") - reused)
                .isEqualTo(1);
        Map<String, Object> event =
                await(Map.of("type", "refresh_token_reused", "account_id", app.accountId), e -> true);
        assertThat(event).containsEntry("client_id", app.clientId).containsEntry("address", "127.0.0.1");
        assertThat(detail(event, "cause")).isEqualTo("retired_token");
        assertThat(detail(event, "presented_by")).isEqualTo(app.clientId);
    }

    @Test
    void refreshWhenPresentedByAnotherClientThenReuseEventNamesIt() {
        TestClients other = TestClients.create();
        double reused = Admin.scrape().value("pressroom_auth_refresh_reuse_detected_total");
        String token = app.exchange(app.code(browser, "openid offline_access")).path("refresh_token");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(other.clientId, other.secret)
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", token))
                .post("/oauth/token")
                .then()
                .statusCode(400);
        assertThat(Admin.scrape().value("pressroom_auth_refresh_reuse_detected_total") - reused)
                .isEqualTo(1);
        Map<String, Object> event =
                await(Map.of("type", "refresh_token_reused", "account_id", app.accountId), e -> true);
        assertThat(event).containsEntry("client_id", app.clientId);
        assertThat(detail(event, "cause")).isEqualTo("other_client");
        assertThat(detail(event, "presented_by")).isEqualTo(other.clientId);
    }

    @Test
    void codeWhenReplayedThenReplayEventAndCount() {
        double replays = Admin.scrape().value("pressroom_auth_code_replays_total");
        String code = app.code(browser, "openid");
        app.exchange(code).then().statusCode(200);
        app.exchange(code).then().statusCode(400);
        assertThat(Admin.scrape().value("pressroom_auth_code_replays_total") - replays)
                .isEqualTo(1);
        assertThat(await(Map.of("type", "code_replayed", "account_id", app.accountId), e -> true))
                .containsEntry("client_id", app.clientId)
                .containsEntry("address", "127.0.0.1");
    }

    @Test
    void clientWhenRegisteredUpdatedAndVerifiedThenEachRecorded() {
        double registrations = Admin.scrape().value("pressroom_auth_registrations_total");
        Response registered = Admin.publicApi()
                .contentType(ContentType.JSON)
                .header("User-Agent", BROWSER)
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .body(Map.of("client_name", "Self-hosted", "redirect_uris", List.of("https://example.test/cb")))
                .post("/oauth/register");
        registered.then().statusCode(201);
        String clientId = registered.path("client_id");
        assertThat(Admin.scrape().value("pressroom_auth_registrations_total") - registrations)
                .isEqualTo(1);
        Map<String, Object> created = await(Map.of("type", "client_registered", "client_id", clientId), e -> true);
        assertThat(created).containsEntry("user_agent", BROWSER);
        assertThat(detail(created, "kind")).isEqualTo("dynamic");

        Admin.publicApi()
                .contentType(ContentType.JSON)
                .header("Authorization", "Bearer " + registered.path("registration_access_token"))
                .body(Map.of(
                        "client_id",
                        clientId,
                        "client_name",
                        "Self-hosted, renamed",
                        "redirect_uris",
                        List.of("https://example.test/cb")))
                .put("/oauth/register/" + clientId)
                .then()
                .statusCode(200);
        assertThat(detail(await(Map.of("type", "client_updated", "client_id", clientId), e -> true), "by"))
                .isEqualTo("client");

        Admin.saveClient(app.clientId, List.of(TestClients.REDIRECT), "openid", "client_secret_basic", List.of());
        assertThat(detail(await(Map.of("type", "client_updated", "client_id", app.clientId), e -> true), "by"))
                .isEqualTo("admin");
        assertThat(detail(await(Map.of("type", "client_registered", "client_id", app.clientId), e -> true), "kind"))
                .isEqualTo("first_party");
        Admin.admin()
                .body(Map.of("verified_by", "Jo at trust desk"))
                .post("/admin/clients/" + app.clientId + "/verify")
                .then()
                .statusCode(200);
        assertThat(detail(
                        await(Map.of("type", "client_verified", "client_id", app.clientId), e -> true), "verified_by"))
                .isEqualTo("Jo at trust desk");
        // Registrations count new clients only.
        assertThat(Admin.scrape().value("pressroom_auth_registrations_total") - registrations)
                .isEqualTo(1);
    }

    @Test
    void adminWhenCalledThenEveryCallRecordedWithActorAndStatus() {
        String path = "/admin/accounts/" + app.accountId + "/roles";
        Admin.admin()
                .body(Map.of("client_id", app.clientId, "role", "editor"))
                .post(path)
                .then()
                .statusCode(200);
        Admin.management()
                .header("Authorization", "Bearer wrong")
                .contentType(ContentType.JSON)
                .body(Map.of("client_id", app.clientId, "role", "editor"))
                .post(path)
                .then()
                .statusCode(401);

        List<Map<String, Object>> calls =
                AuditEvents.awaitAll(Map.of("type", "admin_call"), e -> path.equals(detail(e, "path")), 2);
        assertThat(detail(calls.get(0), "actor")).isEqualTo("refused");
        assertThat(detail(calls.get(0), "status")).isEqualTo(401);
        assertThat(detail(calls.get(1), "actor")).isEqualTo("admin token");
        assertThat(detail(calls.get(1), "method")).isEqualTo("POST");
        assertThat(detail(calls.get(1), "status")).isEqualTo(200);
        assertThat(calls.get(1).get("account_id")).isNull();
        assertThat(calls.toString()).doesNotContain(Admin.TOKEN).doesNotContain("wrong");
    }

    @Test
    void eventsWhenWholeFlowRanThenNoPasswordTokenCodeOrSecretInThem() {
        String code = app.code(browser, "openid offline_access");
        Response tokens = app.exchange(code);
        String refresh = tokens.path("refresh_token");
        String lost = app.refresh(refresh).path("refresh_token");
        app.refresh(refresh).then().statusCode(200);
        app.refresh(lost).then().statusCode(400);
        app.exchange(code).then().statusCode(400);
        await(Map.of("type", "code_replayed", "account_id", app.accountId), e -> true);

        String all = AuditEvents.find(Map.of("account_id", app.accountId, "limit", 200))
                        .toString()
                + AuditEvents.find(Map.of("client_id", app.clientId, "limit", 200));
        assertThat(all).contains("refresh_token_reused").contains("sign_in").contains("consent_given");
        for (String secret : new String[] {
            TestClients.PASSWORD,
            code,
            refresh,
            tokens.path("access_token"),
            tokens.path("id_token"),
            app.secret,
            app.verifier
        }) {
            assertThat(all).doesNotContain(Objects.requireNonNull(secret));
        }
    }

    private Response signIn(Response page, String email, String password) {
        return browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        email,
                        "password",
                        password));
    }

    private static Map<String, String> with(Map<String, String> filters, String key, String value) {
        Map<String, String> more = new java.util.HashMap<>(filters);
        more.put(key, value);
        return more;
    }

    private static double signIns(String outcome) {
        return Admin.scrape().value("pressroom_auth_sign_ins_total", "outcome", outcome);
    }

    private static double consents(String change) {
        return Admin.scrape().value("pressroom_auth_consents_total", "change", change);
    }

    private static double typeCount(String type) {
        return Admin.scrape().value("pressroom_auth_audit_events_total", "type", type);
    }
}
