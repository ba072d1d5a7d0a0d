package dev.pressroom.auth.endpoint;

import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** RFC 7009 revocation and RFC 7662 introspection. */
@QuarkusTest
class TokenInspectionResourceTest {

    private TestClients app;
    private Response tokens;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        tokens = app.exchange(app.code(new Browser(), "openid email offline_access"));
    }

    @Test
    void introspectWhenLiveAccessTokenOfCallerThenActiveWithDetails() {
        introspect(app, tokens.path("access_token"))
                .then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .body("active", equalTo(true))
                .body("client_id", equalTo(app.clientId))
                .body("sub", equalTo(app.accountId))
                .body("scope", equalTo("openid email offline_access"))
                .body("token_type", equalTo("Bearer"));
        introspect(app, tokens.path("refresh_token"))
                .then()
                .statusCode(200)
                .body("active", equalTo(true))
                .body("token_type", equalTo("refresh_token"));
    }

    @Test
    void introspectWhenUnknownOrOtherClientsTokenThenInactive() {
        introspect(app, "unknown").then().statusCode(200).body("active", equalTo(false));
        TestClients other = TestClients.create();
        introspect(other, tokens.path("access_token"))
                .then()
                .statusCode(200)
                .body("active", equalTo(false))
                .body("client_id", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void introspectWhenPublicClientOrNoAuthenticationThenInvalidClient() {
        String publicId = app.clientId + "-pub";
        Admin.saveClient(publicId, List.of(TestClients.REDIRECT), "openid", "none", List.of());
        Admin.publicApi()
                .formParams(Map.of("token", "x", "client_id", publicId))
                .post("/oauth/introspect")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
        Admin.publicApi()
                .formParams(Map.of("token", "x"))
                .post("/oauth/introspect")
                .then()
                .statusCode(401);
    }

    @Test
    void revokeWhenAccessTokenThenItStopsWorking() {
        revoke(app, tokens.path("access_token"), "access_token").then().statusCode(200);
        introspect(app, tokens.path("access_token")).then().body("active", equalTo(false));
        introspect(app, tokens.path("refresh_token")).then().body("active", equalTo(true));
    }

    @Test
    void revokeWhenRefreshTokenThenWholeChainRevoked() {
        revoke(app, tokens.path("refresh_token"), null).then().statusCode(200);
        introspect(app, tokens.path("access_token")).then().body("active", equalTo(false));
        app.refresh(tokens.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
    }

    @Test
    void revokeWhenUnknownTokenThen200AndOtherClientsTokenUntouched() {
        revoke(app, "unknown-token", "refresh_token").then().statusCode(200);
        TestClients other = TestClients.create();
        revoke(other, tokens.path("access_token"), null).then().statusCode(200);
        introspect(app, tokens.path("access_token")).then().body("active", equalTo(true));
    }

    @Test
    void revokeWhenTokenMissingOrBadClientThenErrors() {
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(Map.of("x", "y"))
                .post("/oauth/revoke")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, "wrong")
                .formParams(Map.of("token", "y"))
                .post("/oauth/revoke")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
    }

    private static Response introspect(TestClients client, String token) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(client.clientId, client.secret)
                .formParams(Map.of("token", token))
                .post("/oauth/introspect");
    }

    private static Response revoke(TestClients client, String token, String hint) {
        var spec = Admin.publicApi()
                .auth()
                .preemptive()
                .basic(client.clientId, client.secret)
                .formParam("token", token);
        if (hint != null) {
            spec.formParam("token_type_hint", hint);
        }
        return spec.post("/oauth/revoke");
    }
}
