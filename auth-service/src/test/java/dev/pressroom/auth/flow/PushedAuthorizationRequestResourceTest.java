package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TimeMachine;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pushed authorization requests (RFC 9126): pushed by an authenticated client, used once, within a minute. */
@QuarkusTest
class PushedAuthorizationRequestResourceTest {

    private static final String URN = "urn:ietf:params:oauth:request_uri:";

    @Inject
    TimeMachine time;

    @AfterEach
    void reset() {
        time.reset();
    }

    @Test
    void pushWhenClientAuthenticatedAndRequestValidThen201AndTheCodeFlowCompletes() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid offline_access");
        Response pushed = push(app, params);

        pushed.then().statusCode(201);
        assertThat(pushed.header("Cache-Control")).isEqualTo("no-store");
        assertThat(pushed.<String>path("request_uri")).startsWith(URN).hasSizeGreaterThan(URN.length() + 40);
        assertThat(pushed.<Integer>path("expires_in")).isEqualTo(60);

        Browser browser = new Browser();
        Map<String, String> back =
                TestClients.query(app.signInAndConsent(browser, byReference(app.clientId, pushed.path("request_uri"))));
        assertThat(back.get("_base")).isEqualTo(TestClients.REDIRECT);
        assertThat(back.get("state")).isEqualTo(params.get("state"));
        Response tokens = app.exchange(back.get("code"));
        tokens.then().statusCode(200);
        assertThat(tokens.<String>path("refresh_token")).isNotBlank();
        assertThat(tokens.<String>path("scope")).isEqualTo("openid offline_access");
    }

    @Test
    void authorizeWhenParametersSentBesideRequestUriThenOnlyThePushedOnesCount() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid");
        String requestUri = push(app, params).then().statusCode(201).extract().path("request_uri");
        Browser browser = new Browser();

        Map<String, String> alongside = new HashMap<>(byReference(app.clientId, requestUri));
        alongside.put("redirect_uri", "http://127.0.0.1:9999/elsewhere");
        alongside.put("state", "attacker-state");
        alongside.put("scope", "openid email offline_access");
        alongside.put("code_challenge_method", "plain");
        Response page = browser.get("/oauth/authorize", alongside);
        assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
        Map<String, String> back = TestClients.query(TestClients.allow(browser, app.signIn(browser, page)));

        assertThat(back.get("_base")).isEqualTo(TestClients.REDIRECT);
        assertThat(back.get("state")).isEqualTo(params.get("state"));
        assertThat(app.exchange(back.get("code")).<String>path("scope")).isEqualTo("openid");
    }

    @Test
    void authorizeWhenRequestUriUsedTwiceThenSecondIsTheErrorPage() {
        TestClients app = TestClients.create();
        String requestUri = push(app, app.authorizeParams("openid")).path("request_uri");
        Browser browser = new Browser();

        assertThat(browser.get("/oauth/authorize", byReference(app.clientId, requestUri))
                        .statusCode())
                .isEqualTo(200);
        Response again = browser.get("/oauth/authorize", byReference(app.clientId, requestUri));
        assertRefusedOnErrorPage(again);
    }

    @Test
    void authorizeWhenRequestUriExpiredThenErrorPage() {
        TestClients app = TestClients.create();
        String requestUri = push(app, app.authorizeParams("openid")).path("request_uri");

        time.advance(Duration.ofSeconds(61));
        assertRefusedOnErrorPage(new Browser().get("/oauth/authorize", byReference(app.clientId, requestUri)));
    }

    @Test
    void authorizeWhenRequestUriUnknownThenErrorPage() {
        TestClients app = TestClients.create();
        assertRefusedOnErrorPage(
                new Browser().get("/oauth/authorize", byReference(app.clientId, URN + "made-up-by-someone")));
    }

    @Test
    void authorizeWhenRequestUriOfAnotherClientThenErrorPageAndNotUsableAfterwards() {
        TestClients app = TestClients.create();
        TestClients other = TestClients.create();
        String requestUri = push(app, app.authorizeParams("openid")).path("request_uri");

        assertRefusedOnErrorPage(new Browser().get("/oauth/authorize", byReference(other.clientId, requestUri)));
        assertRefusedOnErrorPage(new Browser().get("/oauth/authorize", byReference(app.clientId, requestUri)));
    }

    @Test
    void pushWhenRequestUriInsideThenInvalidRequestAsJson() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("request_uri", URN + "nested");

        assertJsonError(push(app, params), 400, "invalid_request").contains("request_uri");
    }

    @Test
    void pushWhenParametersBadThenTheAuthorizationEndpointsErrorsAsJson() {
        TestClients app = TestClients.create();

        Map<String, String> plain = app.authorizeParams("openid");
        plain.put("code_challenge_method", "plain");
        assertJsonError(push(app, plain), 400, "invalid_request").contains("S256");
        assertJsonError(push(app, app.authorizeParams("profile")), 400, "invalid_scope");
        Map<String, String> token = app.authorizeParams("openid");
        token.put("response_type", "token");
        assertJsonError(push(app, token), 400, "unsupported_response_type");
        Map<String, String> elsewhere = app.authorizeParams("openid");
        elsewhere.put("redirect_uri", "https://attacker.example/cb");
        assertJsonError(push(app, elsewhere), 400, "invalid_request").contains("redirect_uri");
        Map<String, String> noClientId = app.authorizeParams("openid");
        noClientId.remove("client_id");
        assertJsonError(push(app, noClientId), 400, "invalid_request").contains("client_id");
    }

    @Test
    void pushWhenClientNotAuthenticatedThenInvalidClient() {
        TestClients app = TestClients.create();

        assertJsonError(
                Admin.publicApi()
                        .auth()
                        .preemptive()
                        .basic(app.clientId, "wrong-secret")
                        .formParams(app.authorizeParams("openid"))
                        .post("/oauth/par"),
                401,
                "invalid_client");
        assertJsonError(
                Admin.publicApi().formParams(app.authorizeParams("openid")).post("/oauth/par"), 401, "invalid_client");
    }

    @Test
    void pushWhenPublicClientIdentifiedByClientIdThen201() {
        String clientId = "native-" + System.nanoTime();
        Admin.saveClient(clientId, List.of(TestClients.REDIRECT), "openid", "none", List.of());
        TestClients app = TestClients.forClient(clientId, null);

        Response pushed =
                Admin.publicApi().formParams(app.authorizeParams("openid")).post("/oauth/par");
        pushed.then().statusCode(201);
        assertThat(new Browser()
                        .get("/oauth/authorize", byReference(clientId, pushed.path("request_uri")))
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void pushWhenNotPostOrNotFormThenRefused() {
        RestAssured.given().get("/oauth/par").then().statusCode(405);
        TestClients app = TestClients.create();
        assertJsonError(
                RestAssured.given()
                        .auth()
                        .preemptive()
                        .basic(app.clientId, app.secret)
                        .contentType(ContentType.JSON)
                        .body(app.authorizeParams("openid"))
                        .post("/oauth/par"),
                400,
                "invalid_request");
    }

    @Test
    void authorizeWhenClientRequiresParAndRequestNotPushedThenInvalidRequestAtTheRedirectUri() {
        TestClients app = requireParOf(TestClients.create().clientId);
        Map<String, String> params = app.authorizeParams("openid");

        Map<String, String> back = TestClients.query(new Browser().get("/oauth/authorize", params));
        assertThat(back.get("_base")).isEqualTo(TestClients.REDIRECT);
        assertThat(back.get("error")).isEqualTo("invalid_request");
        assertThat(back.get("error_description")).contains("push");
        assertThat(back.get("state")).isEqualTo(params.get("state"));
        assertThat(back).doesNotContainKey("code");

        String requestUri = push(app, params).then().statusCode(201).extract().path("request_uri");
        assertThat(new Browser()
                        .get("/oauth/authorize", byReference(app.clientId, requestUri))
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void registerWhenRequireParSentThenKeptAndAnswered() {
        Map<String, Object> metadata = Map.of(
                "client_name",
                "A self-hosted instance",
                "redirect_uris",
                List.of("https://blog.example.org/cb"),
                "require_pushed_authorization_requests",
                true);
        Response registered = RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body(metadata)
                .post("/oauth/register");
        registered.then().statusCode(201);
        assertThat(registered.<Boolean>path("require_pushed_authorization_requests"))
                .isTrue();
        Response read = RestAssured.given()
                .header("Authorization", "Bearer " + registered.path("registration_access_token"))
                .get("/oauth/register/" + registered.path("client_id"));
        assertThat(read.<Boolean>path("require_pushed_authorization_requests")).isTrue();
    }

    @Test
    void discoveryWhenReadThenNamesTheEndpointAndThatItIsNotRequiredOfEveryone() {
        Response discovery = RestAssured.get("/.well-known/openid-configuration");
        assertThat(discovery.<String>path("pushed_authorization_request_endpoint"))
                .isEqualTo(discovery.<String>path("issuer") + "/oauth/par");
        assertThat(discovery.<Boolean>path("require_pushed_authorization_requests"))
                .isFalse();
    }

    private static Response push(TestClients app, Map<String, String> params) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(params)
                .post("/oauth/par");
    }

    private static Map<String, String> byReference(String clientId, String requestUri) {
        return Map.of("client_id", clientId, "request_uri", requestUri);
    }

    /** Staff change the client to require PAR: answers it with its new secret. */
    private static TestClients requireParOf(String clientId) {
        String secret = Admin.admin()
                .body(Map.of(
                        "client_name",
                        "App " + clientId,
                        "redirect_uris",
                        List.of(TestClients.REDIRECT),
                        "scope",
                        TestClients.ALL_SCOPES,
                        "require_pushed_authorization_requests",
                        true))
                .put("/admin/clients/" + clientId)
                .then()
                .statusCode(200)
                .extract()
                .path("client_secret");
        return TestClients.forClient(clientId, secret);
    }

    private static void assertRefusedOnErrorPage(Response page) {
        assertThat(page.statusCode()).isEqualTo(400);
        assertThat(page.header("Location")).isNull();
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.asString()).contains("invalid_request_uri");
    }

    private static org.assertj.core.api.AbstractStringAssert<?> assertJsonError(
            Response answer, int status, String error) {
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(status);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.<String>path("error")).isEqualTo(error);
        return assertThat(answer.<String>path("error_description"));
    }
}
