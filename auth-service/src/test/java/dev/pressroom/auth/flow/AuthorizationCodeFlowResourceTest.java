package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The whole code flow over HTTP with a cookie-keeping browser: sign in, consent, code, token, refresh, reuse. */
@QuarkusTest
class AuthorizationCodeFlowResourceTest {

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
    }

    @Test
    void codeFlowWhenSignedInAndAllowedThenTokensAsSpecified() throws Exception {
        Map<String, String> params = app.authorizeParams(TestClients.ALL_SCOPES);
        Map<String, String> back = TestClients.query(app.signInAndConsent(browser, params));
        assertThat(back.get("_base")).isEqualTo(TestClients.REDIRECT);
        assertThat(back.get("state")).isEqualTo(params.get("state"));
        assertThat(back.get("iss")).isEqualTo("http://127.0.0.1:8083");

        Response token = app.exchange(back.get("code"));
        token.then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .body("token_type", equalTo("Bearer"))
                .body("expires_in", equalTo(3600))
                .body("scope", equalTo(TestClients.ALL_SCOPES))
                .body("refresh_token", notNullValue())
                .body("id_token", notNullValue());
        String accessToken = token.path("access_token");
        // <the account's 64-bit Redis hash tag in hex>.<256 random bits>
        assertThat(accessToken).matches("[0-9a-f]{16}\\.[A-Za-z0-9_-]{43}");
        assertThat(Base64.getUrlDecoder().decode(accessToken.substring(17))).hasSize(32);
        assertThat(accessToken).doesNotContain(app.accountId);

        JsonNode header = decode(token.path("id_token"), 0);
        JsonNode claims = decode(token.path("id_token"), 1);
        assertThat(header.get("alg").asText()).isEqualTo("RS256");
        assertThat(header.get("kid").asText()).isNotBlank();
        assertThat(claims.get("iss").asText()).isEqualTo("http://127.0.0.1:8083");
        assertThat(claims.get("sub").asText()).isEqualTo(app.accountId);
        assertThat(claims.get("aud").asText()).isEqualTo(app.clientId);
        assertThat(claims.get("nonce").asText()).isEqualTo(params.get("nonce"));
        assertThat(claims.get("amr").get(0).asText()).isEqualTo("pwd");
        assertThat(claims.get("sid").asText()).isNotBlank();
        assertThat(claims.get("auth_time").asLong()).isPositive();
        assertThat(claims.get("at_hash").asText())
                .isEqualTo(dev.pressroom.auth.token.IdTokenGenerator.atHash(accessToken));
        assertThat(claims.get("email").asText()).isEqualTo(app.email);
        assertThat(claims.get("email_verified").asBoolean()).isTrue();
        assertThat(claims.get("name").asText()).startsWith("Person ");
        assertThat(claims.get("roles").isArray()).isTrue();
        assertThat(claims.has("licenses")).isFalse();
    }

    @Test
    void userInfoWhenValidTokenThenClaimsOfGrantedScopes() {
        String accessToken = app.exchange(app.code(browser, "openid email")).path("access_token");
        Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .body("sub", equalTo(app.accountId))
                .body("email", equalTo(app.email))
                .body("email_verified", equalTo(true))
                .body("name", nullValue());
        Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .post("/oauth/userinfo")
                .then()
                .statusCode(200)
                .body("sub", equalTo(app.accountId));
    }

    @Test
    void tokenWhenOfflineAccessNotGrantedThenNoRefreshToken() {
        app.exchange(app.code(browser, "openid profile"))
                .then()
                .statusCode(200)
                .body("refresh_token", nullValue())
                .body("scope", equalTo("openid profile"));
    }

    @Test
    void refreshWhenCurrentTokenThenRotatedAndOldOneRetired() {
        Response first = app.exchange(app.code(browser, "openid offline_access"));
        String refresh1 = first.path("refresh_token");
        Response second = app.refresh(refresh1);
        second.then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .body("refresh_token", notNullValue())
                .body("id_token", notNullValue())
                .body("scope", equalTo("openid offline_access"));
        String refresh2 = second.path("refresh_token");
        assertThat(refresh2).isNotEqualTo(refresh1);
        assertThat(decodeUnchecked(second.path("id_token")).has("nonce")).isFalse();
        app.refresh(refresh2).then().statusCode(200);
    }

    @Test
    void refreshWhenRetiredTokenReusedThenInvalidGrantAndWholeChainRevoked() {
        Response first = app.exchange(app.code(browser, "openid offline_access"));
        String refresh1 = first.path("refresh_token");
        Response second = app.refresh(app.refresh(refresh1).path("refresh_token"));
        String refresh3 = second.path("refresh_token");
        String access2 = second.path("access_token");

        app.refresh(refresh1).then().statusCode(400).body("error", equalTo("invalid_grant"));

        app.refresh(refresh3).then().statusCode(400).body("error", equalTo("invalid_grant"));
        Admin.publicApi()
                .header("Authorization", "Bearer " + access2)
                .get("/oauth/userinfo")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", org.hamcrest.Matchers.containsString("invalid_token"));
        Admin.publicApi()
                .header("Authorization", "Bearer " + first.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(401);
    }

    @Test
    void refreshWhenNarrowerScopeThenAccessTokenNarrowedAndChainKeepsScope() {
        String refresh1 =
                app.exchange(app.code(browser, "openid email offline_access")).path("refresh_token");
        Response narrowed = app.refresh(refresh1 + "").then().extract().response();
        String refresh2 = narrowed.path("refresh_token");
        Response withScope = Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", refresh2, "scope", "openid"))
                .post("/oauth/token");
        withScope.then().statusCode(200).body("scope", equalTo("openid"));
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of(
                        "grant_type", "refresh_token", "refresh_token", (String) withScope.path("refresh_token")))
                .post("/oauth/token")
                .then()
                .statusCode(200)
                .body("scope", equalTo("openid email offline_access"));
    }

    @Test
    void refreshWhenScopeBeyondGrantThenInvalidScopeAndTokenStillUsable() {
        String refresh =
                app.exchange(app.code(browser, "openid offline_access")).path("refresh_token");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", refresh, "scope", "openid email"))
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_scope"));
        app.refresh(refresh).then().statusCode(200);
    }

    @Test
    void tokenWhenCodeReplayedThenInvalidGrantAndFirstExchangeRevoked() {
        String code = app.code(browser, "openid offline_access");
        Response first = app.exchange(code);
        first.then().statusCode(200);
        app.exchange(code).then().statusCode(400).body("error", equalTo("invalid_grant"));
        Admin.publicApi()
                .header("Authorization", "Bearer " + first.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(401);
        app.refresh(first.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
    }

    @Test
    void authorizeWhenConsentAlreadyGivenThenRedirectsWithoutAsking() {
        app.code(browser, "openid email");
        Response again = browser.get("/oauth/authorize", app.authorizeParams("openid email"));
        assertThat(TestClients.query(again).get("code")).isNotBlank();
    }

    @Test
    void authorizeWhenMoreScopesLaterThenAsksOnlyForNewOnes() {
        app.code(browser, "openid email");
        Response consent = browser.get("/oauth/authorize", app.authorizeParams("openid email profile"));
        consent.then().statusCode(200);
        assertThat(consent.asString())
                .contains("data-scope=\"profile\"")
                .contains("name and profile picture")
                .contains("You already allowed");
        assertThat(consent.asString().indexOf("data-scope=\"profile\""))
                .isLessThan(consent.asString().indexOf("You already allowed"));
    }

    @Test
    void consentWhenDeniedThenAccessDeniedWithStateAndIss() {
        Map<String, String> params = app.authorizeParams("openid");
        Response page = browser.get("/oauth/authorize", params);
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        Map<String, String> back = TestClients.query(browser.post(
                "/consent",
                Map.of(
                        "request",
                        Browser.hidden(consent, "request"),
                        "csrf",
                        Browser.hidden(consent, "csrf"),
                        "decision",
                        "deny")));
        assertThat(back.get("error")).isEqualTo("access_denied");
        assertThat(back.get("state")).isEqualTo(params.get("state"));
        assertThat(back.get("iss")).isEqualTo("http://127.0.0.1:8083");
    }

    @Test
    void consentPageWhenUnverifiedClientThenShowsRedirectAddressAndScopeTexts() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams(TestClients.ALL_SCOPES));
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        assertThat(consent.asString())
                .contains("App " + app.clientId)
                .contains(TestClients.REDIRECT)
                .contains("sign in with the account")
                .contains("name and profile picture")
                .contains("email address")
                .contains("roles for this app")
                .contains("licenses")
                .contains("stay connected while away")
                .doesNotContain("Verified app");
        consent.then()
                .header("Content-Security-Policy", org.hamcrest.Matchers.containsString("frame-ancestors 'none'"));
    }

    @Test
    void consentPageWhenVerifiedClientThenBadge() {
        Admin.admin()
                .body(Map.of("verified_by", "staff@example.test"))
                .post("/admin/clients/" + app.clientId + "/verify")
                .then()
                .statusCode(200);
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        assertThat(consent.asString()).contains("Verified app").contains("not an endorsement");
    }

    @Test
    void signInWhenWrongPasswordOrUnknownAccountThenSameMessage() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Map<String, String> form = Map.of(
                "request",
                Browser.hidden(page, "request"),
                "csrf",
                Browser.hidden(page, "csrf"),
                "email",
                app.email,
                "password",
                "wrong password");
        Response wrong = browser.post("/signin", form);
        Response unknown = browser.post(
                "/signin",
                Map.of(
                        "request",
                        form.get("request"),
                        "csrf",
                        form.get("csrf"),
                        "email",
                        "nobody-" + app.email,
                        "password",
                        "wrong password"));
        assertThat(wrong.statusCode()).isEqualTo(200);
        assertThat(wrong.asString()).contains("Wrong email or password.");
        assertThat(unknown.asString().replace("nobody-", "")).isEqualTo(wrong.asString());
        assertThat(browser.cookie("pr_session")).isNull();
    }

    @Test
    void signInWhenCsrfTokenMissingOrForeignThenErrorPage() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Browser attacker = new Browser();
        attacker.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(page, "request"),
                                "csrf",
                                Browser.hidden(page, "csrf"),
                                "email",
                                app.email,
                                "password",
                                TestClients.PASSWORD))
                .then()
                .statusCode(400)
                .body(org.hamcrest.Matchers.containsString("Request expired"));
        browser.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(page, "request"),
                                "csrf",
                                "x".repeat(43),
                                "email",
                                app.email,
                                "password",
                                TestClients.PASSWORD))
                .then()
                .statusCode(400);
    }

    @Test
    void sessionCookieWhenSignedInThenHttpOnlyAndSameSiteLax() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Response signedIn = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        String setCookie = signedIn.headers().getValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("pr_session="))
                .findFirst()
                .orElseThrow();
        assertThat(setCookie)
                .containsIgnoringCase("HttpOnly")
                .containsIgnoringCase("SameSite=Lax")
                .contains("Path=/")
                .doesNotContainIgnoringCase("Version=");
    }

    @Test
    void signInAndConsentPagesWhenShownThenFormsMayPostOnlyHereAndRedirectToTheClientsOrigin() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        for (Response r : java.util.List.of(page, consent)) {
            assertThat(r.header("Content-Security-Policy"))
                    .contains("form-action 'self' http://127.0.0.1:9999;")
                    .contains("frame-ancestors 'none'");
        }
        assertThat(browser.get("/account", Map.of()).header("Content-Security-Policy"))
                .contains("form-action 'self';");
    }

    @Test
    void authorizeWhenPromptNoneWithoutSessionThenLoginRequired() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none");
        Map<String, String> back = TestClients.query(browser.get("/oauth/authorize", params));
        assertThat(back.get("error")).isEqualTo("login_required");
        assertThat(back.get("state")).isEqualTo(params.get("state"));
    }

    @Test
    void authorizeWhenPromptNoneWithoutSessionThenRequestErrorsBeforeLoginRequired() {
        Map<String, String> noPkce = app.authorizeParams("openid");
        noPkce.put("prompt", "none");
        noPkce.remove("code_challenge");
        noPkce.remove("code_challenge_method");
        Map<String, String> refused = TestClients.query(browser.get("/oauth/authorize", noPkce));
        assertThat(refused.get("error")).isEqualTo("invalid_request");
        Map<String, String> withPkce = app.authorizeParams("openid");
        withPkce.put("prompt", "none");
        Map<String, String> back = TestClients.query(browser.get("/oauth/authorize", withPkce));
        assertThat(back)
                .containsEntry("error", "login_required")
                .containsEntry("state", withPkce.get("state"))
                .containsKey("iss")
                .doesNotContainKey("code");
    }

    @Test
    void authorizeWhenPromptNoneWithSessionButNoConsentThenConsentRequired() {
        app.code(browser, "openid");
        Map<String, String> params = app.authorizeParams("openid email");
        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params)).get("error"))
                .isEqualTo("consent_required");
    }

    @Test
    void authorizeWhenPromptNoneWithSessionAndConsentThenCode() {
        app.code(browser, "openid");
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params)).get("code"))
                .isNotBlank();
    }

    @Test
    void authorizeWhenPromptLoginOrMaxAgeZeroThenSignInAgain() {
        app.code(browser, "openid");
        Map<String, String> login = app.authorizeParams("openid");
        login.put("prompt", "login");
        assertThat(browser.get("/oauth/authorize", login).asString()).contains("name=\"password\"");
        Map<String, String> maxAge = app.authorizeParams("openid");
        maxAge.put("max_age", "0");
        Response page = browser.get("/oauth/authorize", maxAge);
        assertThat(page.asString()).contains("name=\"password\"");
        Response back = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        assertThat(TestClients.query(back).get("code")).isNotBlank();
    }

    @Test
    void consentWhenPromptLoginStillWaitsForSignInThenRefusedWithoutCode() {
        app.code(browser, "openid");
        Map<String, String> params = app.authorizeParams("openid email");
        params.put("prompt", "login");
        assertConsentRefusedOnSignInPage(browser.get("/oauth/authorize", params));
    }

    @Test
    void consentWhenMaxAgeExceededStillWaitsForSignInThenRefusedWithoutCode() {
        app.code(browser, "openid");
        Map<String, String> params = app.authorizeParams("openid email");
        params.put("max_age", "0");
        assertConsentRefusedOnSignInPage(browser.get("/oauth/authorize", params));
    }

    /** The sign-in page's request id and CSRF token posted to /consent: no code from the old session. */
    private void assertConsentRefusedOnSignInPage(Response signInPage) {
        assertThat(signInPage.asString()).contains("name=\"password\"");
        Response answer = browser.post(
                "/consent",
                Map.of(
                        "request",
                        Browser.hidden(signInPage, "request"),
                        "csrf",
                        Browser.hidden(signInPage, "csrf"),
                        "decision",
                        "allow"));
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(400);
        assertThat(answer.header("Location")).isNull();
    }

    @Test
    void consentWhenSessionChangedSinceTheConsentPageThenRefusedWithoutCode() {
        app.code(browser, "openid");
        Response consentForFirst = browser.get("/oauth/authorize", app.authorizeParams("openid email"));
        assertThat(consentForFirst.asString()).contains(app.email);
        TestClients second = TestClients.forClient(app.clientId, app.secret);
        Map<String, String> login = second.authorizeParams("openid");
        login.put("prompt", "login");
        Response signIn = browser.get("/oauth/authorize", login);
        browser.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(signIn, "request"),
                                "csrf",
                                Browser.hidden(signIn, "csrf"),
                                "email",
                                second.email,
                                "password",
                                TestClients.PASSWORD))
                .then()
                .statusCode(200);

        Response answer = browser.post(
                "/consent",
                Map.of(
                        "request",
                        Browser.hidden(consentForFirst, "request"),
                        "csrf",
                        Browser.hidden(consentForFirst, "csrf"),
                        "decision",
                        "allow"));
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(400);
        assertThat(answer.header("Location")).isNull();
    }

    @Test
    void authorizeWhenPromptConsentThenAsksAgain() {
        app.code(browser, "openid");
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "consent");
        assertThat(browser.get("/oauth/authorize", params).asString()).contains("name=\"decision\" value=\"allow\"");
    }

    private static JsonNode decode(String jwt, int part) throws Exception {
        return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jwt.split("\\.", -1)[part]));
    }

    private static JsonNode decodeUnchecked(String jwt) {
        try {
            return decode(jwt, 1);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
