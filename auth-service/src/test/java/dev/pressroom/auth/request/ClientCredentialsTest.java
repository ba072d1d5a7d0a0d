package dev.pressroom.auth.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.error.OAuthException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientCredentialsTest {

    private static Params params(Map<String, List<String>> values) {
        return new Params(values, OAuthException::invalidRequest);
    }

    private static String basic(String raw) {
        return "Basic " + Base64.getEncoder().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void fromWhenBasicThenFormDecodedIdAndSecret() {
        ClientCredentials c = ClientCredentials.from(basic("my%3Aid:s%2Bcret%25"), params(Map.of()));
        assertThat(c.clientId()).isEqualTo("my:id");
        assertThat(c.secret()).contains("s+cret%");
    }

    @Test
    void fromWhenOnlyClientIdThenPublicClient() {
        ClientCredentials c = ClientCredentials.from(null, params(Map.of("client_id", List.of("native"))));
        assertThat(c.clientId()).isEqualTo("native");
        assertThat(c.secret()).isEmpty();
    }

    @Test
    void fromWhenMalformedThenInvalidClient() {
        for (String header : List.of(
                "Basic",
                "Basic %%%",
                basic("nocolon"),
                basic(":x"),
                basic("x:"),
                "Digest abc",
                basic("bad%zzid:secret"))) {
            assertThatThrownBy(() -> ClientCredentials.from(header, params(Map.of())))
                    .isInstanceOf(OAuthException.class)
                    .extracting("error")
                    .isEqualTo("invalid_client");
        }
    }

    @Test
    void fromWhenClientIdDiffersFromBasicOrSecretInBodyThenInvalidClient() {
        assertThatThrownBy(() -> ClientCredentials.from(basic("a:b"), params(Map.of("client_id", List.of("other")))))
                .isInstanceOf(OAuthException.class);
        assertThatThrownBy(() -> ClientCredentials.from(
                        null, params(Map.of("client_id", List.of("a"), "client_secret", List.of("b")))))
                .isInstanceOf(OAuthException.class)
                .extracting("status")
                .isEqualTo(401);
        assertThatThrownBy(() -> ClientCredentials.from(null, params(Map.of()))).isInstanceOf(OAuthException.class);
    }

    /** An unsigned JWT with this sub: the credentials only read it, the signature is checked later. */
    private static String jwtWithSub(String sub) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(("{\"sub\":\"" + sub + "\"}").getBytes(StandardCharsets.UTF_8)) + ".sig";
    }

    private static Map<String, List<String>> assertionForm(String jwt) {
        return Map.of(
                "client_assertion_type", List.of(OAuthParams.JWT_BEARER_ASSERTION), "client_assertion", List.of(jwt));
    }

    @Test
    void fromWhenAssertionThenClientIdIsItsSubAndNoSecret() {
        ClientCredentials c = ClientCredentials.from(null, params(assertionForm(jwtWithSub("instance-1"))));

        assertThat(c.clientId()).isEqualTo("instance-1");
        assertThat(c.secret()).isEmpty();
        assertThat(c.assertion()).contains(jwtWithSub("instance-1"));
    }

    @Test
    void fromWhenAssertionAndBasicOrOtherClientIdOrWrongTypeThenInvalidClient() {
        Map<String, List<String>> otherClientId = new java.util.HashMap<>(assertionForm(jwtWithSub("instance-1")));
        otherClientId.put("client_id", List.of("instance-2"));
        Map<String, List<String>> wrongType = new java.util.HashMap<>(assertionForm(jwtWithSub("instance-1")));
        wrongType.put("client_assertion_type", List.of("urn:ietf:params:oauth:client-assertion-type:saml2-bearer"));

        for (Runnable call : List.<Runnable>of(
                () -> ClientCredentials.from(basic("a:b"), params(assertionForm(jwtWithSub("a")))),
                () -> ClientCredentials.from(null, params(otherClientId)),
                () -> ClientCredentials.from(null, params(wrongType)),
                () -> ClientCredentials.from(null, params(assertionForm("not-a-jwt"))))) {
            assertThatThrownBy(call::run)
                    .isInstanceOf(OAuthException.class)
                    .extracting("error")
                    .isEqualTo("invalid_client");
        }
    }
}
