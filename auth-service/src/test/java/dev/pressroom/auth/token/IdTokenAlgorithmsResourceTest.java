package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ID tokens signed with the algorithm the client registered (id_token_signed_response_alg), each checked by an
 * outside verifier (Nimbus JOSE+JWT's JWT processor) with nothing but the published JWKS.
 */
@QuarkusTest
class IdTokenAlgorithmsResourceTest {

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "PS256", "ES256"})
    void idTokenWhenClientRegisteredForAnAlgorithmThenSignedSoAndVerifiedWithThePublishedJwks(String alg)
            throws Exception {
        TestClients app = TestClients.create(alg);
        Response tokens = app.exchange(app.code(new Browser(), "openid offline_access"));
        String idToken = tokens.path("id_token");
        String refreshed = app.refresh(tokens.path("refresh_token")).path("id_token");

        for (String token : List.of(idToken, refreshed)) {
            SignedJWT jwt = SignedJWT.parse(token);
            assertThat(jwt.getHeader().getAlgorithm().getName()).isEqualTo(alg);
            JWTClaimsSet claims = verifiedWithPublishedJwks(token, alg);
            assertThat(claims.getAudience()).containsExactly(app.clientId);
            assertThat(claims.getSubject()).isEqualTo(app.accountId);
            Map<String, Object> jwk = RestAssured.get("/.well-known/jwks.json")
                    .jsonPath()
                    .getMap("keys.find { it.kid == '" + jwt.getHeader().getKeyID() + "' }");
            assertThat(jwk).containsEntry("alg", alg).containsEntry("use", "sig");
        }
    }

    @Test
    void discoveryWhenReadThenEveryAlgorithmWithAKeyIsListed() {
        assertThat(RestAssured.get("/.well-known/openid-configuration")
                        .jsonPath()
                        .getList("id_token_signing_alg_values_supported", String.class))
                .containsExactly("RS256", "PS256", "ES256");
        assertThat(RestAssured.get("/.well-known/jwks.json").jsonPath().getList("keys.alg", String.class))
                .contains("RS256", "PS256", "ES256");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HS256", "none", "RS512", "rs256", ""})
    void registerWhenAlgorithmNotOursThenInvalidClientMetadata(String alg) {
        Response refused = RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "client_name",
                        "An instance",
                        "redirect_uris",
                        List.of("https://blog.example.org/cb"),
                        "id_token_signed_response_alg",
                        alg))
                .post("/oauth/register");

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.<String>path("error")).isEqualTo("invalid_client_metadata");
        assertThat(refused.<String>path("error_description")).contains("id_token_signed_response_alg");
    }

    @Test
    void registerWhenEs256ThenAnsweredAndDefaultIsRs256() {
        Response es = register(Map.of("id_token_signed_response_alg", "ES256"));
        assertThat(es.<String>path("id_token_signed_response_alg")).isEqualTo("ES256");
        assertThat(register(Map.of()).<String>path("id_token_signed_response_alg"))
                .isEqualTo("RS256");
    }

    @ParameterizedTest
    @ValueSource(strings = {"PS256", "ES256"})
    void logoutWhenHintSignedWithTheClientsAlgorithmThenSessionEndedAtOnce(String alg) {
        TestClients app = TestClients.create(alg);
        Browser browser = new Browser();
        String idToken = app.exchange(app.code(browser, "openid")).path("id_token");

        Response r = browser.get(
                "/oauth/logout",
                Map.of("id_token_hint", idToken, "post_logout_redirect_uri", "http://127.0.0.1:9999/bye"));

        assertThat(TestClients.query(r).get("_base")).isEqualTo("http://127.0.0.1:9999/bye");
        assertThat(browser.cookie("pr_session")).isNull();
    }

    private static Response register(Map<String, Object> more) {
        Map<String, Object> metadata = new java.util.HashMap<>(more);
        metadata.put("client_name", "An instance");
        metadata.put("redirect_uris", List.of("https://blog.example.org/cb"));
        Response registered = RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body(metadata)
                .post("/oauth/register");
        assertThat(registered.statusCode()).as(registered.asString()).isEqualTo(201);
        return registered;
    }

    /** What a relying party does: the JWKS from the provider, the algorithm it registered, nothing of ours. */
    private static JWTClaimsSet verifiedWithPublishedJwks(String token, String alg) throws Exception {
        JWKSet jwks = JWKSet.parse(RestAssured.get("/.well-known/jwks.json").asString());
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(
                new JWSVerificationKeySelector<>(JWSAlgorithm.parse(alg), new ImmutableJWKSet<>(jwks)));
        return processor.process(token, null);
    }
}
