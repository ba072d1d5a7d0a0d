package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestAssertions;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestDpop;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A self-hosted instance registered as a high-security client (issue 37): it authenticates with private_key_jwt,
 * must push its authorization requests (PAR) and gets DPoP-bound tokens and PS256 ID tokens. The whole code flow,
 * refresh and user info work for it, and a copied token without its DPoP key is refused everywhere.
 */
@QuarkusTest
class HighSecurityClientResourceTest {

    private String issuer;
    private final TestAssertions clientKeys = TestAssertions.generate("instance");
    private final TestDpop dpopKey = TestDpop.es256();
    private final String tokenUrl = TestDpop.url("/oauth/token");
    private final String userInfoUrl = TestDpop.url("/oauth/userinfo");
    private String clientId;

    @Test
    void codeFlowRefreshAndUserInfoWhenPrivateKeyJwtParAndDpopThenBoundTokensThatACopyCannotUse() {
        issuer = RestAssured.get("/.well-known/openid-configuration").path("issuer");
        clientId = register();
        TestClients person = TestClients.forClient(clientId, null);
        Map<String, String> params = person.authorizeParams("openid offline_access");

        // Not pushed: refused at the redirect URI, as the client's registration asks.
        Response direct = new Browser().get("/oauth/authorize", params);
        assertThat(TestClients.query(direct).get("error")).isEqualTo("invalid_request");

        Response pushed = authenticated(Admin.publicApi(), Map.copyOf(params)).post("/oauth/par");
        assertThat(pushed.statusCode()).as(pushed.asString()).isEqualTo(201);
        Map<String, String> back = TestClients.query(person.signInAndConsent(
                new Browser(), Map.of("client_id", clientId, "request_uri", pushed.path("request_uri"))));
        assertThat(back.get("state")).isEqualTo(params.get("state"));

        Map<String, String> exchange = Map.of(
                "grant_type",
                "authorization_code",
                "code",
                back.get("code"),
                "redirect_uri",
                TestClients.REDIRECT,
                "code_verifier",
                person.verifier);
        Response withoutProof = authenticated(Admin.publicApi(), exchange).post("/oauth/token");
        assertThat(withoutProof.statusCode()).isEqualTo(400);
        assertThat(withoutProof.<String>path("error")).isEqualTo("invalid_dpop_proof");

        Response tokens = authenticated(Admin.publicApi().header("DPoP", dpopKey.proof("POST", tokenUrl)), exchange)
                .post("/oauth/token");
        assertThat(tokens.statusCode()).as(tokens.asString()).isEqualTo(200);
        assertThat(tokens.<String>path("token_type")).isEqualTo("DPoP");
        assertThat(headerOf(tokens.path("id_token"))).contains("\"alg\":\"PS256\"");
        String accessToken = tokens.path("access_token");

        Response refreshed = authenticated(
                        Admin.publicApi().header("DPoP", dpopKey.proof("POST", tokenUrl)),
                        Map.of("grant_type", "refresh_token", "refresh_token", tokens.path("refresh_token")))
                .post("/oauth/token");
        assertThat(refreshed.statusCode()).as(refreshed.asString()).isEqualTo(200);
        assertThat(refreshed.<String>path("token_type")).isEqualTo("DPoP");
        String refreshedToken = refreshed.path("access_token");

        Response info = TestDpop.userInfo(refreshedToken, dpopKey.proof("GET", userInfoUrl, refreshedToken));
        assertThat(info.statusCode()).as(info.asString()).isEqualTo(200);
        assertThat(info.<String>path("sub")).isNotBlank();

        Response introspected = authenticated(Admin.publicApi(), Map.of("token", refreshedToken))
                .post("/oauth/introspect");
        assertThat(introspected.<Boolean>path("active")).isTrue();
        assertThat(introspected.<String>path("cnf.jkt")).isEqualTo(dpopKey.thumbprint());

        // The copied token: as a bearer token, with a thief's key, or with no proof at all.
        assertThat(Admin.publicApi()
                        .header("Authorization", "Bearer " + accessToken)
                        .get("/oauth/userinfo")
                        .statusCode())
                .isEqualTo(401);
        TestDpop thief = TestDpop.es256();
        assertThat(TestDpop.userInfo(refreshedToken, thief.proof("GET", userInfoUrl, refreshedToken))
                        .statusCode())
                .isEqualTo(401);
        assertThat(TestDpop.userInfo(refreshedToken, null).statusCode()).isEqualTo(401);
    }

    /** RFC 7591 registration with the three high-security options and PS256 ID tokens. */
    private String register() {
        Map<String, Object> metadata = new HashMap<>();
        metadata.put("client_name", "Self-hosted instance");
        metadata.put("redirect_uris", List.of(TestClients.REDIRECT));
        metadata.put("scope", "openid offline_access");
        metadata.put("token_endpoint_auth_method", OAuthParams.PRIVATE_KEY_JWT);
        metadata.put("jwks", clientKeys.jwks());
        metadata.put("require_pushed_authorization_requests", true);
        metadata.put("dpop_bound_access_tokens", true);
        metadata.put("id_token_signed_response_alg", "PS256");
        Response r = RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body(metadata)
                .post("/oauth/register");
        assertThat(r.statusCode()).as(r.asString()).isEqualTo(201);
        assertThat(r.<Boolean>path("dpop_bound_access_tokens")).isTrue();
        assertThat(r.<Boolean>path("require_pushed_authorization_requests")).isTrue();
        return r.path("client_id");
    }

    /** The form with a fresh client assertion (each is single use). */
    private RequestSpecification authenticated(RequestSpecification request, Map<String, String> form) {
        Map<String, String> all = new HashMap<>(form);
        all.put("client_assertion_type", OAuthParams.JWT_BEARER_ASSERTION);
        all.put("client_assertion", clientKeys.rs256(clientId, issuer));
        return request.formParams(all);
    }

    private static String headerOf(String jwt) {
        return new String(Base64.getUrlDecoder().decode(jwt.substring(0, jwt.indexOf('.'))), StandardCharsets.UTF_8);
    }
}
