package dev.pressroom.auth.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.testing.LogCapture;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A whole life of a client and a person, mistakes included, writes none of the secrets it handles to the log: not
 * in a message, a parameter, the MDC or an exception; the access log prints paths without their query strings.
 */
@QuarkusTest
class NoSecretsInLogsResourceTest {

    private static final String ACCESS_LOG = "io.quarkus.http.access-log";

    private final List<String> secrets = new ArrayList<>();

    @Test
    void fullFlowWhenLoggedThenNoSecretInAnyRecord() throws Exception {
        List<LogCapture.Line> lines;
        try (LogCapture logs = LogCapture.start()) {
            flow();
            // The access log is written once the response is out: wait for the last request's line.
            lines = await().atMost(Duration.ofSeconds(10))
                    .until(
                            logs::lines,
                            written -> written.stream()
                                    .anyMatch(line -> line.logger().equals(ACCESS_LOG)
                                            && line.message().startsWith("GET /oauth/logout ")));
        }

        assertThat(lines)
                .filteredOn(line -> line.logger().equals(ACCESS_LOG))
                .extracting(LogCapture.Line::message)
                .anySatisfy(
                        message -> assertThat(message).startsWith("POST /oauth/token route=/oauth/token status=200"))
                .anySatisfy(message -> assertThat(message).startsWith("GET /oauth/logout route=/oauth/logout "))
                .anySatisfy(message -> assertThat(message).startsWith("GET /oauth/userinfo route=/oauth/userinfo "));
        assertThat(secrets)
                .doesNotContainNull()
                .allSatisfy(secret -> assertThat(secret).hasSizeGreaterThan(15));
        for (LogCapture.Line line : lines) {
            assertThat(secrets)
                    .as(line.everything())
                    .noneMatch(secret -> line.everything().contains(secret));
        }
    }

    private void flow() {
        String email = "logs-"
                + Tokens.random(8).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT) + "@example.test";
        String password = keep("pw " + Tokens.random(16));
        Admin.createAccount(email, password, "Log Reader");
        keep(Admin.TOKEN);
        String initialAccessToken = keep(Admin.initialAccessToken());
        Response registered = RestAssured.given()
                .header("Authorization", "Bearer " + initialAccessToken)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "client_name",
                        "Log reader app",
                        "redirect_uris",
                        List.of(TestClients.REDIRECT),
                        "token_endpoint_auth_method",
                        "client_secret_basic",
                        "scope",
                        "openid email offline_access"))
                .post("/oauth/register");
        registered.then().statusCode(201);
        String clientId = registered.path("client_id");
        String clientSecret = keep(registered.path("client_secret"));
        String registrationToken = keep(registered.path("registration_access_token"));
        RestAssured.given()
                .header("Authorization", "Bearer " + registrationToken)
                .get("/oauth/register/" + clientId)
                .then()
                .statusCode(200);

        String verifier = keep(Tokens.random(32));
        Map<String, String> authorize = new LinkedHashMap<>();
        authorize.put("response_type", "code");
        authorize.put("client_id", clientId);
        authorize.put("redirect_uri", TestClients.REDIRECT);
        authorize.put("scope", "openid email offline_access");
        authorize.put("state", "st-" + Tokens.random(6));
        authorize.put("code_challenge", Pkce.s256(verifier));
        authorize.put("code_challenge_method", "S256");
        Browser browser = new Browser();
        Response signIn = browser.get("/oauth/authorize", authorize);
        String wrongPassword = keep("wrong " + Tokens.random(16));
        browser.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(signIn, "request"),
                                "csrf",
                                Browser.hidden(signIn, "csrf"),
                                "email",
                                email,
                                "password",
                                wrongPassword))
                .then()
                .statusCode(200);
        signIn = browser.get("/oauth/authorize", authorize);
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(signIn, "request"),
                        "csrf",
                        keep(Browser.hidden(signIn, "csrf")),
                        "email",
                        email,
                        "password",
                        password));
        keep(browser.cookie("pr_session"));
        String code = keep(TestClients.query(browser.post(
                        "/consent",
                        Map.of(
                                "request",
                                Browser.hidden(consent, "request"),
                                "csrf",
                                Browser.hidden(consent, "csrf"),
                                "decision",
                                "allow")))
                .get("code"));

        Response tokens = token(
                clientId,
                clientSecret,
                Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        TestClients.REDIRECT,
                        "code_verifier",
                        verifier));
        tokens.then().statusCode(200);
        String accessToken = keep(tokens.path("access_token"));
        String idToken = keep(tokens.path("id_token"));
        Response refreshed = token(
                clientId,
                clientSecret,
                Map.of("grant_type", "refresh_token", "refresh_token", keep(tokens.path("refresh_token"))));
        refreshed.then().statusCode(200);
        keep(refreshed.path("access_token"));
        String refreshToken = keep(refreshed.path("refresh_token"));
        String wrongSecret = keep("wrong-secret-" + Tokens.random(16));
        token(clientId, wrongSecret, Map.of("grant_type", "refresh_token", "refresh_token", refreshToken))
                .then()
                .statusCode(401);
        client(clientId, clientSecret)
                .formParams(Map.of("token", accessToken))
                .post("/oauth/introspect")
                .then()
                .statusCode(200);
        RestAssured.given()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(200);
        // Secrets in query strings: the access log prints the path alone.
        RestAssured.given().queryParam("access_token", accessToken).get("/oauth/userinfo");
        client(clientId, clientSecret)
                .formParams(Map.of("token", refreshToken, "token_type_hint", "refresh_token"))
                .post("/oauth/revoke")
                .then()
                .statusCode(200);
        browser.get("/oauth/logout", Map.of("id_token_hint", idToken));
    }

    private static Response token(String clientId, String secret, Map<String, String> form) {
        return client(clientId, secret).formParams(form).post("/oauth/token");
    }

    private static RequestSpecification client(String clientId, String secret) {
        return Admin.publicApi().auth().preemptive().basic(clientId, secret);
    }

    private String keep(String secret) {
        secrets.add(secret);
        return secret;
    }
}
