package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
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
        Response r = browser.get("/oauth/logout", Map.of("id_token_hint", idToken,
                "post_logout_redirect_uri", "http://127.0.0.1:9999/bye", "state", "s1"));
        assertThat(TestClients.query(r).get("_base")).isEqualTo("http://127.0.0.1:9999/bye");
        assertThat(TestClients.query(r).get("state")).isEqualTo("s1");
        assertThat(browser.cookie("pr_session")).isNull();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params)).get("error")).isEqualTo("login_required");
    }

    @Test
    void logoutWhenUnregisteredPostLogoutUriThenErrorPageAndStillSignedIn() {
        browser.get("/oauth/logout", Map.of("id_token_hint", idToken, "post_logout_redirect_uri", "https://evil.example/"))
                .then().statusCode(400).body(containsString("Unregistered sign-out address"));
        assertThat(browser.cookie("pr_session")).isNotNull();
    }

    @Test
    void logoutWhenForgedHintThenErrorPage() {
        String[] parts = idToken.split("\\.");
        browser.get("/oauth/logout", Map.of("id_token_hint", parts[0] + "." + parts[1] + ".AAAA")).then().statusCode(400);
    }

    @Test
    void logoutWhenNoHintThenConfirmationThenSignedOutPage() {
        Response confirm = browser.get("/oauth/logout", Map.of());
        confirm.then().statusCode(200).body(containsString("Sign out?"));
        assertThat(browser.cookie("pr_session")).isNotNull();
        Response done = browser.post("/oauth/logout", Map.of("csrf", Browser.hidden(confirm, "csrf"), "confirm", "yes"));
        done.then().statusCode(200).body(containsString("You are signed out"));
        assertThat(browser.cookie("pr_session")).isNull();
    }

    @Test
    void logoutWhenConfirmedWithoutCsrfThenAskedAgain() {
        browser.post("/oauth/logout", Map.of("confirm", "yes")).then().statusCode(200).body(containsString("Sign out?"));
        assertThat(browser.cookie("pr_session")).isNotNull();
    }
}
