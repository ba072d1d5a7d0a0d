package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** OpenID Connect RP-Initiated Logout. */
@QuarkusTest
class LogoutResourceTest {

    private TestClients app;
    private Browser browser;
    private String idToken;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
        idToken = app.exchange(app.code(browser, "openid")).path("id_token");
    }

    @Test
    void logoutWhenIdTokenHintAndRegisteredUriThenSessionEndedAndRedirectedWithState() {
        Response r = browser.get(
                "/oauth/logout",
                Map.of(
                        "id_token_hint",
                        idToken,
                        "post_logout_redirect_uri",
                        "http://127.0.0.1:9999/bye",
                        "state",
                        "s1"));
        assertThat(TestClients.query(r).get("_base")).isEqualTo("http://127.0.0.1:9999/bye");
        assertThat(TestClients.query(r).get("state")).isEqualTo("s1");
        assertThat(browser.cookie("pr_session")).isNull();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params)).get("error"))
                .isEqualTo("login_required");
    }

    @Test
    void logoutWhenHintOfAnotherAccountThenConfirmationAndVictimStillSignedIn() {
        Browser attacker = new Browser();
        TestClients attackerAccount = TestClients.forClient(app.clientId, app.secret);
        String attackersHint = attackerAccount
                .exchange(attackerAccount.code(attacker, "openid"))
                .path("id_token");

        Response r = browser.get(
                "/oauth/logout",
                Map.of(
                        "id_token_hint",
                        attackersHint,
                        "post_logout_redirect_uri",
                        "http://127.0.0.1:9999/bye",
                        "state",
                        "s1"));

        r.then().statusCode(200).body(containsString("Sign out?"));
        assertThat(r.header("Location")).isNull();
        assertStillSignedIn();
    }

    @Test
    void logoutWhenHintOfAnEarlierSessionOfTheSamePersonThenConfirmation() {
        Browser later = new Browser();
        app.signInAndConsent(later, app.authorizeParams("openid"));

        Response r = later.get("/oauth/logout", Map.of("id_token_hint", idToken));

        r.then().statusCode(200).body(containsString("Sign out?"));
        assertThat(later.cookie("pr_session")).isNotNull();
    }

    @Test
    void logoutWhenHintOfAnotherAccountConfirmedThenSignedOutPageWithoutRedirect() {
        Browser attacker = new Browser();
        TestClients attackerAccount = TestClients.forClient(app.clientId, app.secret);
        String attackersHint = attackerAccount
                .exchange(attackerAccount.code(attacker, "openid"))
                .path("id_token");
        Response confirm = browser.get(
                "/oauth/logout",
                Map.of("id_token_hint", attackersHint, "post_logout_redirect_uri", "http://127.0.0.1:9999/bye"));
        assertThat(confirm.asString()).doesNotContain("id_token_hint").doesNotContain("127.0.0.1:9999");

        Response done =
                browser.post("/oauth/logout", Map.of("csrf", Browser.hidden(confirm, "csrf"), "confirm", "yes"));

        done.then().statusCode(200).body(containsString("You are signed out"));
        assertThat(browser.cookie("pr_session")).isNull();
    }

    @Test
    void logoutWhenNoHintButClientIdAndRegisteredUriThenConfirmedWithoutRedirect() {
        Response confirm = browser.get(
                "/oauth/logout",
                Map.of(
                        "client_id",
                        app.clientId,
                        "post_logout_redirect_uri",
                        "http://127.0.0.1:9999/bye",
                        "state",
                        "s1"));
        confirm.then().statusCode(200).body(containsString("Sign out?"));

        Response done = browser.post(
                "/oauth/logout",
                Map.of(
                        "csrf",
                        Browser.hidden(confirm, "csrf"),
                        "confirm",
                        "yes",
                        "client_id",
                        app.clientId,
                        "post_logout_redirect_uri",
                        "http://127.0.0.1:9999/bye",
                        "state",
                        "s1"));

        done.then().statusCode(200).body(containsString("You are signed out"));
        assertThat(done.header("Location")).isNull();
        assertThat(browser.cookie("pr_session")).isNull();
    }

    @Test
    void logoutWhenHintButNoSessionAndClientRegisteredDynamicallyThenSignedOutPageWithoutRedirect() {
        Map<String, Object> metadata = Map.of(
                "client_name",
                "Someone's blog",
                "redirect_uris",
                List.of(TestClients.REDIRECT),
                "post_logout_redirect_uris",
                List.of("https://blog.example.org/bye"),
                "scope",
                "openid");
        Response registered = Admin.publicApi()
                .contentType(ContentType.JSON)
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .body(metadata)
                .post("/oauth/register");
        TestClients owner = TestClients.forClient(registered.path("client_id"), registered.path("client_secret"));
        String hint = owner.exchange(owner.code(new Browser(), "openid")).path("id_token");

        Response r = new Browser()
                .get(
                        "/oauth/logout",
                        Map.of("id_token_hint", hint, "post_logout_redirect_uri", "https://blog.example.org/bye"));

        r.then().statusCode(200).body(containsString("You are signed out"));
        assertThat(r.header("Location")).isNull();
    }

    @Test
    void logoutWhenHintButNoSessionAndFirstPartyClientThenRedirectedWithState() {
        Browser signedOutElsewhere = new Browser();
        Response r = signedOutElsewhere.get(
                "/oauth/logout",
                Map.of(
                        "id_token_hint",
                        idToken,
                        "post_logout_redirect_uri",
                        "http://127.0.0.1:9999/bye",
                        "state",
                        "s2"));
        assertThat(TestClients.query(r).get("_base")).isEqualTo("http://127.0.0.1:9999/bye");
        assertThat(TestClients.query(r).get("state")).isEqualTo("s2");
    }

    private void assertStillSignedIn() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params)).get("code"))
                .isNotBlank();
    }

    @Test
    void logoutWhenUnregisteredPostLogoutUriThenErrorPageAndStillSignedIn() {
        browser.get(
                        "/oauth/logout",
                        Map.of("id_token_hint", idToken, "post_logout_redirect_uri", "https://evil.example/"))
                .then()
                .statusCode(400)
                .body(containsString("Unregistered sign-out address"));
        assertThat(browser.cookie("pr_session")).isNotNull();
    }

    @Test
    void logoutWhenForgedHintThenErrorPage() {
        String[] parts = idToken.split("\\.", -1);
        browser.get("/oauth/logout", Map.of("id_token_hint", parts[0] + "." + parts[1] + ".AAAA"))
                .then()
                .statusCode(400);
    }

    @Test
    void logoutWhenNoHintThenConfirmationThenSignedOutPage() {
        Response confirm = browser.get("/oauth/logout", Map.of());
        confirm.then().statusCode(200).body(containsString("Sign out?"));
        assertThat(browser.cookie("pr_session")).isNotNull();
        Response done =
                browser.post("/oauth/logout", Map.of("csrf", Browser.hidden(confirm, "csrf"), "confirm", "yes"));
        done.then().statusCode(200).body(containsString("You are signed out"));
        assertThat(browser.cookie("pr_session")).isNull();
    }

    @Test
    void logoutWhenConfirmedWithoutCsrfThenAskedAgain() {
        browser.post("/oauth/logout", Map.of("confirm", "yes"))
                .then()
                .statusCode(200)
                .body(containsString("Sign out?"));
        assertThat(browser.cookie("pr_session")).isNotNull();
    }
}
