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
}
