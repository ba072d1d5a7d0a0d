package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every error of the authorization endpoint: an error page before the redirect URI is trusted, a redirect after. */
@QuarkusTest
class AuthorizeErrorsResourceTest {

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
    }

    @Test
    void authorizeWhenUnknownClientThenErrorPageWithoutRedirect() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("client_id", "no-such-client");
        assertErrorPage(browser.get("/oauth/authorize", params), "Unknown app");
    }

    @Test
    void authorizeWhenClientIdMissingThenErrorPage() {
        Map<String, String> params = app.authorizeParams("openid");
        params.remove("client_id");
        assertErrorPage(browser.get("/oauth/authorize", params), "Unknown app");
    }

    @Test
    void authorizeWhenRedirectUriUnregisteredThenErrorPageWithoutRedirect() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("redirect_uri", "https://evil.example/cb");
        assertErrorPage(browser.get("/oauth/authorize", params), "Unregistered redirect address");
        params.put("redirect_uri", TestClients.REDIRECT + "/extra");
        assertErrorPage(browser.get("/oauth/authorize", params), "Unregistered redirect address");
        params.put("redirect_uri", "http://[::1]:9999/cb");
        assertErrorPage(browser.get("/oauth/authorize", params), "Unregistered redirect address");
    }

    @Test
    void authorizeWhenLoopbackRedirectWithOtherPortThenAccepted() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("redirect_uri", "http://127.0.0.1:51234/cb");
        Response page = browser.get("/oauth/authorize", params);
        page.then().statusCode(200);
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
        Response back = browser.post(
                "/consent",
                Map.of(
                        "request",
                        Browser.hidden(consent, "request"),
                        "csrf",
                        Browser.hidden(consent, "csrf"),
                        "decision",
                        "allow"));
        assertThat(TestClients.query(back).get("_base")).isEqualTo("http://127.0.0.1:51234/cb");
    }

    @Test
    void authorizeWhenClientIdRepeatedThenErrorPage() {
        Response r = RestAssured.given()
                .redirects()
                .follow(false)
                .queryParam("client_id", app.clientId)
                .queryParam("client_id", app.clientId)
                .queryParams(without(app.authorizeParams("openid"), "client_id"))
                .get("/oauth/authorize");
        assertErrorPage(r, "Invalid request");
    }

    @Test
    void authorizeWhenPlainChallengeMethodThenRedirectedInvalidRequest() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("code_challenge_method", "plain");
        assertRedirectError(params, "invalid_request");
    }

    @Test
    void authorizeWhenChallengeMissingThenRedirectedInvalidRequest() {
        Map<String, String> params = app.authorizeParams("openid");
        params.remove("code_challenge");
        assertRedirectError(params, "invalid_request");
        params.put("code_challenge", "too-short");
        assertRedirectError(params, "invalid_request");
        params.remove("code_challenge_method");
        params.put("code_challenge", app.challenge());
        assertRedirectError(params, "invalid_request");
    }

    @Test
    void authorizeWhenResponseTypeNotCodeThenUnsupportedResponseType() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("response_type", "token");
        assertRedirectError(params, "unsupported_response_type");
    }

    @Test
    void authorizeWhenScopeLacksOpenidOrIsNotAllowedThenInvalidScope() {
        Map<String, String> params = app.authorizeParams("profile");
        assertRedirectError(params, "invalid_scope");
        params.put("scope", "openid admin");
        assertRedirectError(params, "invalid_scope");
    }

    @Test
    void authorizeWhenStateRepeatedOrParameterOversizedThenInvalidRequest() {
        Response r = RestAssured.given()
                .redirects()
                .follow(false)
                .queryParams(app.authorizeParams("openid"))
                .queryParam("nonce", "second")
                .get("/oauth/authorize");
        assertThat(TestClients.query(r).get("error")).isEqualTo("invalid_request");
        Map<String, String> params = app.authorizeParams("openid");
        params.put("nonce", "n".repeat(3000));
        assertRedirectError(params, "invalid_request");
    }

    @Test
    void authorizeWhenRequestObjectSentThenRequestNotSupported() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("request", "eyJhbGciOiJub25lIn0.e30.");
        assertRedirectError(params, "request_not_supported");
    }

    @Test
    void authorizeWhenPromptNoneCombinedOrMaxAgeInvalidThenInvalidRequest() {
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none login");
        assertRedirectError(params, "invalid_request");
        params.remove("prompt");
        params.put("max_age", "-5");
        assertRedirectError(params, "invalid_request");
    }

    @Test
    void signInPageWhenShownThenSecurityHeadersAndAccessibleForm() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        page.then()
                .statusCode(200)
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .header("X-Frame-Options", "DENY")
                .header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .body(containsString("<label for=\"email\">"))
                .body(containsString("name=\"email\""))
                .body(containsString("name=\"password\""))
                .body(containsString("name=\"csrf\""))
                .body(containsString("lang=\"en\""));
        assertThat(browser.cookie("pr_csrf")).isEqualTo(Browser.hidden(page, "csrf"));
    }

    private void assertRedirectError(Map<String, String> params, String error) {
        Map<String, String> back = TestClients.query(browser.get("/oauth/authorize", params));
        assertThat(back.get("_base")).isEqualTo(TestClients.REDIRECT);
        assertThat(back.get("error")).isEqualTo(error);
        assertThat(back.get("error_description")).isNotBlank();
        assertThat(back.get("state")).isEqualTo(params.get("state"));
        assertThat(back.get("iss")).isEqualTo("http://127.0.0.1:8083");
    }

    private static void assertErrorPage(Response r, String title) {
        r.then()
                .statusCode(400)
                .header("Location", nullValue())
                .contentType(containsString("text/html"))
                .body(containsString(title));
    }

    private static Map<String, String> without(Map<String, String> params, String name) {
        params.remove(name);
        return params;
    }
}
