package dev.pressroom.auth.dpop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.nimbusds.jose.JWSAlgorithm;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestDpop;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DPoP (RFC 9449) over HTTP: tokens bound at the token endpoint, proofs at user info, introspection and revocation,
 * a copied token or refresh token without its key refused, with proofs made by Nimbus's DPoP factory.
 */
@QuarkusTest
class DpopResourceTest {

    private final String tokenUrl = TestDpop.url("/oauth/token");
    private final String userInfoUrl = TestDpop.url("/oauth/userinfo");
    private final TestDpop key = TestDpop.es256();

    @Test
    void tokenWhenProofThenDpopTokenBoundToItsKeyAndIntrospectionShowsCnf() {
        TestClients app = TestClients.create();
        Response tokens = exchange(app, key.proof("POST", tokenUrl));

        tokens.then().statusCode(200).body("token_type", equalTo("DPoP"));
        String accessToken = tokens.path("access_token");
        introspect(app, accessToken)
                .then()
                .statusCode(200)
                .body("active", equalTo(true))
                .body("token_type", equalTo("DPoP"))
                .body("cnf.jkt", equalTo(key.thumbprint()));
        TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl, accessToken))
                .then()
                .statusCode(200)
                .body("sub", equalTo(app.accountId));
    }

    @Test
    void tokenWhenNoProofThenBearerTokenWithoutCnf() {
        TestClients app = TestClients.create();
        Response tokens = app.exchange(app.code(new Browser(), "openid"));

        tokens.then().statusCode(200).body("token_type", equalTo("Bearer"));
        introspect(app, tokens.path("access_token"))
                .then()
                .body("token_type", equalTo("Bearer"))
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("cnf")));
    }

    @Test
    void userInfoWhenBoundTokenCopiedAndSentAsBearerThen401DpopChallenge() {
        String accessToken = boundAccessToken();

        Response refused = Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo");

        refused.then().statusCode(401).body("error", equalTo("invalid_token"));
        assertThat(refused.header("WWW-Authenticate"))
                .startsWith("DPoP error=\"invalid_token\"")
                .contains("algs=\"ES256 PS256 RS256 EdDSA\"");
    }

    @Test
    void userInfoWhenBoundTokenCopiedWithProofOfAnotherKeyThen401InvalidDpopProof() {
        String accessToken = boundAccessToken();
        TestDpop thief = TestDpop.es256();

        Response refused = TestDpop.userInfo(accessToken, thief.proof("GET", userInfoUrl, accessToken));

        refused.then().statusCode(401).body("error", equalTo("invalid_dpop_proof"));
        assertThat(refused.header("WWW-Authenticate")).startsWith("DPoP error=\"invalid_dpop_proof\"");
    }

    @Test
    void userInfoWhenProofReplayedThen401() {
        String accessToken = boundAccessToken();
        String proof = key.proof("GET", userInfoUrl, accessToken);
        TestDpop.userInfo(accessToken, proof).then().statusCode(200);

        TestDpop.userInfo(accessToken, proof)
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_dpop_proof"))
                .body("error_description", equalTo("The DPoP proof was used before."));
    }

    @Test
    void userInfoWhenProofWithoutAthOrForAnotherMethodThen401() {
        String accessToken = boundAccessToken();

        TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_dpop_proof"));
        TestDpop.userInfo(accessToken, key.proof("POST", userInfoUrl, accessToken))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_dpop_proof"));
        TestDpop.userInfo(accessToken, null).then().statusCode(401).body("error", equalTo("invalid_dpop_proof"));
    }

    @Test
    void userInfoWhenPostWithDpopSchemeAndProofThenClaims() {
        String accessToken = boundAccessToken();

        Admin.publicApi()
                .header("Authorization", "DPoP " + accessToken)
                .header("DPoP", key.proof("POST", userInfoUrl, accessToken))
                .post("/oauth/userinfo")
                .then()
                .statusCode(200);
    }

    @Test
    void userInfoWhenBearerTokenSentWithDpopSchemeThen401() {
        TestClients app = TestClients.create();
        String accessToken = app.exchange(app.code(new Browser(), "openid")).path("access_token");

        TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl, accessToken))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_token"));
    }

    @Test
    void tokenWhenTwoDpopHeadersThenInvalidDpopProof() {
        TestClients app = TestClients.create();
        String code = app.code(new Browser(), "openid");

        TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl), key.proof("POST", tokenUrl)))
                .then()
                .statusCode(400)
                .header("Cache-Control", "no-store")
                .body("error", equalTo("invalid_dpop_proof"));
    }

    @Test
    void tokenWhenProofForAnotherUriOrMethodThenInvalidDpopProof() {
        TestClients app = TestClients.create();
        String code = app.code(new Browser(), "openid");

        TestDpop.exchange(app, code, List.of(key.proof("POST", userInfoUrl)))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_dpop_proof"));
        TestDpop.exchange(app, code, List.of(key.proof("GET", tokenUrl)))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_dpop_proof"));
        TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)))
                .then()
                .statusCode(200)
                .body("token_type", equalTo("DPoP"));
    }

    @Test
    void tokenWhenProofReplayedThenInvalidDpopProof() {
        TestClients app = TestClients.create();
        String proof = key.proof("POST", tokenUrl);
        Response first = exchange(app, proof);
        first.then().statusCode(200);

        refreshWith(app, first.path("refresh_token"), List.of(proof))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_dpop_proof"));
    }

    @Test
    void tokenWhenPrivateKeyInJwkThenInvalidDpopProof() {
        TestClients app = TestClients.create();
        java.util.Map<String, Object> header = key.header();
        header.put("jwk", key.privateJwk());

        TestDpop.exchange(
                        app,
                        app.code(new Browser(), "openid"),
                        List.of(key.signed(header, TestDpop.claims("POST", tokenUrl))))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_dpop_proof"));
    }

    @Test
    void refreshWhenPublicClientThenRefreshTokenBoundToKeyAndRotatesWithIt() {
        PublicApp app = PublicApp.create();
        Response tokens = app.exchange(app.code(), List.of(key.proof("POST", tokenUrl)));
        tokens.then().statusCode(200).body("token_type", equalTo("DPoP"));
        String refresh = tokens.path("refresh_token");

        for (int i = 0; i < 2; i++) {
            Response next = app.refresh(refresh, List.of(key.proof("POST", tokenUrl)));
            next.then().statusCode(200).body("token_type", equalTo("DPoP"));
            assertThat((String) next.path("refresh_token")).isNotEqualTo(refresh);
            refresh = next.path("refresh_token");
            String accessToken = next.path("access_token");
            TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl, accessToken))
                    .then()
                    .statusCode(200);
        }
    }

    @Test
    void refreshWhenPublicClientTokenCopiedWithoutKeyThenInvalidGrantAndTokenStaysCurrent() {
        PublicApp app = PublicApp.create();
        String refresh =
                app.exchange(app.code(), List.of(key.proof("POST", tokenUrl))).path("refresh_token");
        TestDpop thief = TestDpop.es256();

        app.refresh(refresh, List.of(thief.proof("POST", tokenUrl)))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_grant"));
        app.refresh(refresh, List.of()).then().statusCode(400).body("error", equalTo("invalid_grant"));
        app.refresh(refresh, List.of(key.proof("POST", tokenUrl)))
                .then()
                .statusCode(200)
                .body("token_type", equalTo("DPoP"));
    }

    @Test
    void refreshWhenPublicClientRefreshTokenReusedThenChainRevokedAsBefore() {
        PublicApp app = PublicApp.create();
        String first =
                app.exchange(app.code(), List.of(key.proof("POST", tokenUrl))).path("refresh_token");
        String second = app.refresh(first, List.of(key.proof("POST", tokenUrl))).path("refresh_token");

        // Past the reuse grace's condition: the successor was used, so the retired token coming back is reuse.
        String third = app.refresh(second, List.of(key.proof("POST", tokenUrl))).path("refresh_token");
        app.refresh(first, List.of(key.proof("POST", tokenUrl))).then().statusCode(400);

        app.refresh(third, List.of(key.proof("POST", tokenUrl)))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_grant"));
    }

    @Test
    void refreshWhenConfidentialClientThenAnotherKeyMayBindTheNewAccessToken() {
        TestClients app = TestClients.create();
        String refresh = exchange(app, key.proof("POST", tokenUrl)).path("refresh_token");
        TestDpop rotated = TestDpop.rsa(JWSAlgorithm.PS256);

        Response next = refreshWith(app, refresh, List.of(rotated.proof("POST", tokenUrl)));

        next.then().statusCode(200).body("token_type", equalTo("DPoP"));
        introspect(app, next.path("access_token")).then().body("cnf.jkt", equalTo(rotated.thumbprint()));
    }

    @Test
    void tokenWhenClientRequiresDpopAndSendsNoProofThenInvalidDpopProof() {
        String clientId = "dpop-only-"
                + Tokens.random(6).toLowerCase(Locale.ROOT).replace('-', 'x').replace('_', 'y');
        String secret = Admin.admin()
                .body(Map.of(
                        "client_name",
                        "DPoP only",
                        "redirect_uris",
                        List.of(TestClients.REDIRECT),
                        "scope",
                        "openid offline_access",
                        "dpop_bound_access_tokens",
                        true))
                .put("/admin/clients/" + clientId)
                .then()
                .statusCode(200)
                .body("dpop_bound_access_tokens", equalTo(true))
                .extract()
                .path("client_secret");
        TestClients app = TestClients.forClient(clientId, secret);
        String code = app.code(new Browser(), "openid offline_access");

        app.exchange(code).then().statusCode(400).body("error", equalTo("invalid_dpop_proof"));
        TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)))
                .then()
                .statusCode(200)
                .body("token_type", equalTo("DPoP"));
    }

    @Test
    void registerWhenDpopBoundAccessTokensThenRegisteredAndAnswered() {
        Admin.publicApi()
                .contentType("application/json")
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .body(Map.of(
                        "client_name",
                        "Self-hosted",
                        "redirect_uris",
                        List.of("https://blog.example.org/cb"),
                        "dpop_bound_access_tokens",
                        true))
                .post("/oauth/register")
                .then()
                .statusCode(201)
                .body("dpop_bound_access_tokens", equalTo(true));
    }

    @Test
    void revokeWhenBoundAccessTokenThenUserInfoRefusesIt() {
        TestClients app = TestClients.create();
        String accessToken = exchange(app, key.proof("POST", tokenUrl)).path("access_token");

        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParam("token", accessToken)
                .post("/oauth/revoke")
                .then()
                .statusCode(200);

        TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl, accessToken))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_token"));
        assertThat(app.active(accessToken)).isFalse();
    }

    @Test
    void discoveryWhenReadThenDpopAlgorithms() {
        Admin.publicApi()
                .get("/.well-known/openid-configuration")
                .then()
                .statusCode(200)
                .body("dpop_signing_alg_values_supported", equalTo(List.of("ES256", "PS256", "RS256", "EdDSA")));
    }

    private String boundAccessToken() {
        TestClients app = TestClients.create();
        return exchange(app, key.proof("POST", tokenUrl)).path("access_token");
    }

    private static Response exchange(TestClients app, String proof) {
        return TestDpop.exchange(app, app.code(new Browser(), "openid offline_access"), List.of(proof));
    }

    private static Response refreshWith(TestClients app, String refreshToken, List<String> proofs) {
        return TestDpop.withProofs(Admin.publicApi().auth().preemptive().basic(app.clientId, app.secret), proofs)
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken))
                .post("/oauth/token");
    }

    private static Response introspect(TestClients app, String token) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParam("token", token)
                .post("/oauth/introspect");
    }

    /** A public client (auth method none, RFC 9449 §5: its refresh tokens are bound) and a person using it. */
    private record PublicApp(TestClients person) {

        static PublicApp create() {
            String clientId = "public-"
                    + Tokens.random(6)
                            .toLowerCase(Locale.ROOT)
                            .replace('-', 'x')
                            .replace('_', 'y');
            Admin.saveClient(clientId, List.of(TestClients.REDIRECT), "openid offline_access", "none", List.of());
            return new PublicApp(TestClients.forClient(clientId, null));
        }

        String code() {
            return person.code(new Browser(), "openid offline_access");
        }

        Response exchange(String code, List<String> proofs) {
            return TestDpop.withProofs(Admin.publicApi(), proofs)
                    .formParams(Map.of(
                            "grant_type", "authorization_code",
                            "client_id", person.clientId,
                            "code", code,
                            "redirect_uri", TestClients.REDIRECT,
                            "code_verifier", person.verifier))
                    .post("/oauth/token");
        }

        Response refresh(String refreshToken, List<String> proofs) {
            return TestDpop.withProofs(Admin.publicApi(), proofs)
                    .formParams(Map.of(
                            "grant_type", "refresh_token", "client_id", person.clientId, "refresh_token", refreshToken))
                    .post("/oauth/token");
        }
    }
}
