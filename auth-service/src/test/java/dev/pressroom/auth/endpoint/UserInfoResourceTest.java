package dev.pressroom.auth.endpoint;

import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How user info takes the access token (RFC 6750 §2): header on GET or POST, form body on POST, never the query. */
@QuarkusTest
class UserInfoResourceTest {

    private TestClients app;
    private String accessToken;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        accessToken = app.exchange(app.code(new Browser(), "openid email")).path("access_token");
    }

    @Test
    void userInfoWhenPostWithTokenInFormBodyThenClaims() {
        Admin.publicApi()
                .contentType(ContentType.URLENC)
                .formParam("access_token", accessToken)
                .post("/oauth/userinfo")
                .then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .body("sub", equalTo(app.accountId))
                .body("email", equalTo(app.email));
    }

    @Test
    void userInfoWhenTokenInQueryThenInvalidRequestForGetAndPost() {
        Admin.publicApi()
                .queryParam("access_token", accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(400)
                .header("WWW-Authenticate", "Bearer error=\"invalid_request\"")
                .body("error", equalTo("invalid_request"));
        Admin.publicApi()
                .queryParam("access_token", accessToken)
                .post("/oauth/userinfo")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
    }

    @Test
    void userInfoWhenTokenInHeaderAndBodyThenInvalidRequest() {
        Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .formParam("access_token", accessToken)
                .post("/oauth/userinfo")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
    }

    @Test
    void userInfoWhenFormBodyTokenUnknownThenInvalidToken() {
        Admin.publicApi()
                .formParam("access_token", "not-a-live-token")
                .post("/oauth/userinfo")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_token"));
    }
}
