package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Discovery and the JWKS: the same bytes for everyone, revalidated by ETag (RFC 9110 §13.1.2). */
@QuarkusTest
class DiscoveryResourceTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/.well-known/openid-configuration",
                "/.well-known/oauth-authorization-server",
                "/.well-known/jwks.json"
            })
    void documentWhenItsEtagIsPresentedThenNotModifiedElseTheSameBytes(String path) {
        Response first = RestAssured.get(path);
        String etag = first.header("ETag");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.contentType()).startsWith("application/json");
        assertThat(first.header("Cache-Control")).isEqualTo("public, max-age=300");
        assertThat(first.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(etag).matches("\"[A-Za-z0-9_-]{27}\"");
        assertThat(RestAssured.get(path).asByteArray()).isEqualTo(first.asByteArray());
        for (String revalidation : new String[] {etag, "W/" + etag, "\"other\", " + etag, "*"}) {
            Response again =
                    RestAssured.given().header("If-None-Match", revalidation).get(path);
            assertThat(again.statusCode()).as(revalidation).isEqualTo(304);
            assertThat(again.header("ETag")).isEqualTo(etag);
            assertThat(again.asByteArray()).isEmpty();
        }
        Response changed =
                RestAssured.given().header("If-None-Match", "\"other\"").get(path);
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(changed.asByteArray()).isEqualTo(first.asByteArray());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/.well-known/openid-configuration", "/.well-known/jwks.json"})
    void documentWhenReadThenItsMembersAreTheSpecs(String path) {
        Response answer = RestAssured.get(path);

        if (path.endsWith("jwks.json")) {
            assertThat(answer.jsonPath().getList("keys.kty"))
                    .contains("RSA", "EC")
                    .containsOnly("RSA", "EC");
            assertThat(answer.jsonPath().getList("keys.d")).containsOnlyNulls();
        } else {
            assertThat(answer.jsonPath().getString("issuer")).isNotBlank();
            assertThat(answer.jsonPath().getList("code_challenge_methods_supported"))
                    .containsExactly("S256");
        }
    }

    @Test
    void openidConfigurationWhenReadThenBackchannelLogoutWithSessionSupported() {
        Response answer = RestAssured.get("/.well-known/openid-configuration");

        assertThat(answer.jsonPath().getBoolean("backchannel_logout_supported")).isTrue();
        assertThat(answer.jsonPath().getBoolean("backchannel_logout_session_supported"))
                .isTrue();
        assertThat(answer.jsonPath().getBoolean("frontchannel_logout_supported"))
                .isFalse();
    }
}
