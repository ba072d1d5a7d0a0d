package dev.pressroom.auth.endpoint;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Token endpoint errors (RFC 6749 §5.2), code expiry with a moved clock, and hostile input. */
@QuarkusTest
class TokenEndpointResourceTest {

    @Inject
    TestClock clock;

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void tokenWhenCodeOlderThanFiveMinutesThenInvalidGrant() {
        String code = app.code(browser, "openid");
        clock.advance(Duration.ofMinutes(5).plusSeconds(1));
        app.exchange(code)
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_grant"))
                .body("error_description", containsString("expired"));
    }

    @Test
    void tokenWhenCodeJustUnderFiveMinutesThenTokens() {
        String code = app.code(browser, "openid");
        clock.advance(Duration.ofMinutes(4).plusSeconds(50));
        app.exchange(code).then().statusCode(200);
    }

    @Test
    void tokenWhenWrongSecretThenInvalidClient401WithChallenge() {
        String code = app.code(browser, "openid");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, "wrong")
                .formParams(exchange(code))
                .post("/oauth/token")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("Basic"))
                .header("Cache-Control", "no-store")
                .body("error", equalTo("invalid_client"));
    }

    @Test
    void tokenWhenNoClientAuthenticationThenInvalidClient() {
        Admin.publicApi()
                .formParams(exchange("x"))
                .post("/oauth/token")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
    }

    @Test
    void tokenWhenConfidentialClientSendsOnlyClientIdThenInvalidClient() {
        Map<String, String> form = new java.util.HashMap<>(exchange("x"));
        form.put("client_id", app.clientId);
        Admin.publicApi()
                .formParams(form)
                .post("/oauth/token")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
    }

    @Test
    void tokenWhenSecretInBodyThenInvalidClient() {
        Map<String, String> form = new java.util.HashMap<>(exchange("x"));
        form.put("client_id", app.clientId);
        form.put("client_secret", app.secret);
        Admin.publicApi()
                .formParams(form)
                .post("/oauth/token")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
    }

    @Test
    void tokenWhenBasicHeaderMalformedThenInvalidClient() {
        for (String header : List.of(
                "Basic !!!notbase64",
                "Basic " + b64("no-colon"),
                "Basic " + b64(":secret"),
                "Bearer abc",
                "Basic " + b64("id:"),
                "Basic " + "A".repeat(5000))) {
            Admin.publicApi()
                    .header("Authorization", header)
                    .formParams(exchange("x"))
                    .post("/oauth/token")
                    .then()
                    .statusCode(401)
                    .body("error", equalTo("invalid_client"));
        }
    }

    @Test
    void tokenWhenJsonInsteadOfFormThenInvalidRequest() {
        RestAssured.given()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .contentType(ContentType.JSON)
                .body("{\"grant_type\":\"authorization_code\"}")
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
    }

    @Test
    void tokenWhenParameterRepeatedThenInvalidRequest() {
        String code = app.code(browser, "openid");
        RestAssured.given()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .contentType(ContentType.URLENC)
                .body("grant_type=authorization_code&code=" + code + "&code=" + code + "&redirect_uri="
                        + TestClients.REDIRECT + "&code_verifier=" + app.verifier)
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("error_description", containsString("repeated"));
    }

    @Test
    void tokenWhenParameterOversizedThenRefused() {
        int status = Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        "c".repeat(5000),
                        "redirect_uri",
                        TestClients.REDIRECT,
                        "code_verifier",
                        app.verifier))
                .post("/oauth/token")
                .then()
                .extract()
                .statusCode();
        org.assertj.core.api.Assertions.assertThat(status).isIn(400, 413);
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .body("grant_type=refresh_token&refresh_token=" + "r".repeat(100_000))
                .post("/oauth/token")
                .then()
                .statusCode(413);
    }

    @Test
    void tokenWhenUnsupportedOrMissingGrantTypeThenError() {
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of("grant_type", "password"))
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("unsupported_grant_type"));
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of("code", "x"))
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
    }

    @Test
    void tokenWhenVerifierMissingOrWrongThenErrorAndCodeStillGoodForTheRightVerifier() {
        String code = app.code(browser, "openid");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(
                        Map.of("grant_type", "authorization_code", "code", code, "redirect_uri", TestClients.REDIRECT))
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
        Map<String, String> wrong = new java.util.HashMap<>(exchange(code));
        wrong.put("code_verifier", "w".repeat(43));
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(wrong)
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_grant"));
        // A guess at the verifier does not burn the code for the client that holds the verifier.
        app.exchange(code).then().statusCode(200);
    }

    @Test
    void tokenWhenRedirectUriDiffersThenInvalidGrantAndCodeStillGood() {
        String code = app.code(browser, "openid");
        Map<String, String> form = new java.util.HashMap<>(exchange(code));
        form.put("redirect_uri", "http://127.0.0.1:9999/other");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(form)
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_grant"));
        app.exchange(code).then().statusCode(200);
    }

    @Test
    void tokenWhenCodeIssuedToAnotherClientThenInvalidGrantAndRightfulClientStillExchangesIt() {
        String code = app.code(browser, "openid offline_access");
        TestClients other = TestClients.create();
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(other.clientId, other.secret)
                .formParams(exchange(code))
                .post("/oauth/token")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_grant"));
        Response tokens = app.exchange(code);
        tokens.then().statusCode(200);
        // The other client's attempt was no replay: what the rightful exchange minted stays valid.
        app.refresh(tokens.path("refresh_token")).then().statusCode(200);
    }

    @Test
    void tokenWhenUnknownCodeOrRefreshTokenThenInvalidGrant() {
        app.exchange("unknown-code").then().statusCode(400).body("error", equalTo("invalid_grant"));
        app.refresh("unknown-refresh-token").then().statusCode(400).body("error", equalTo("invalid_grant"));
    }

    @Test
    void tokenWhenPublicClientWithClientIdAndPkceThenTokens() {
        String publicId = app.clientId + "-native";
        Admin.saveClient(
                publicId,
                List.of("com.example.app:/callback", TestClients.REDIRECT),
                "openid offline_access",
                "none",
                List.of());
        Map<String, String> params = app.authorizeParams("openid offline_access");
        params.put("client_id", publicId);
        params.put("redirect_uri", "com.example.app:/callback");
        String code = TestClients.query(app.signInAndConsent(browser, params)).get("code");
        String refresh = Admin.publicApi()
                .formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        "com.example.app:/callback",
                        "code_verifier",
                        app.verifier,
                        "client_id",
                        publicId))
                .post("/oauth/token")
                .then()
                .statusCode(200)
                .extract()
                .path("refresh_token");
        Admin.publicApi()
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", refresh, "client_id", publicId))
                .post("/oauth/token")
                .then()
                .statusCode(200);
    }

    @Test
    void refreshWhenPresentedByAnotherClientThenInvalidGrantAndChainRevoked() {
        String refresh =
                app.exchange(app.code(browser, "openid offline_access")).path("refresh_token");
        TestClients other = TestClients.create();
        other.refresh(refresh).then().statusCode(400).body("error", equalTo("invalid_grant"));
        app.refresh(refresh).then().statusCode(400).body("error", equalTo("invalid_grant"));
    }

    @Test
    void userInfoWhenTokenMissingOrBadThen401WithBearerChallenge() {
        RestAssured.given()
                .get("/oauth/userinfo")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("Bearer"));
        RestAssured.given()
                .header("Authorization", "Bearer not-a-token")
                .get("/oauth/userinfo")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("error=\"invalid_token\""))
                .body("error", equalTo("invalid_token"));
        RestAssured.given()
                .header("Authorization", "Basic abc")
                .get("/oauth/userinfo")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("invalid_token"));
    }

    @Test
    void userInfoWhenAccessTokenExpiredThen401() {
        String accessToken = app.exchange(app.code(browser, "openid")).path("access_token");
        clock.advance(Duration.ofSeconds(3601));
        RestAssured.given()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(401);
    }

    private Map<String, String> exchange(String code) {
        return Map.of(
                "grant_type",
                "authorization_code",
                "code",
                code,
                "redirect_uri",
                TestClients.REDIRECT,
                "code_verifier",
                app.verifier);
    }

    private static String b64(String s) {
        return java.util.Base64.getEncoder().encodeToString(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
