package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.error.AuthorizationRedirectException;
import dev.pressroom.auth.request.AuthorizationRequest;
import dev.pressroom.auth.request.Params;
import dev.pressroom.auth.support.TestRegisteredClients;
import dev.pressroom.auth.validate.Pkce;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The authorization request rules after client and redirect URI are trusted, without Quarkus. */
class AuthorizationRequestsTest {

    private static final String REDIRECT = "https://app.example.com/cb";
    private static final Client CLIENT = TestRegisteredClients.client("app", "openid", "email", "offline_access")
            .redirectUris(REDIRECT)
            .build();

    private static Map<String, List<String>> valid() {
        Map<String, List<String>> p = new HashMap<>();
        p.put("response_type", List.of("code"));
        p.put("client_id", List.of("app"));
        p.put("redirect_uri", List.of(REDIRECT));
        p.put("scope", List.of("email openid"));
        p.put("state", List.of("s1"));
        p.put("nonce", List.of("n1"));
        p.put("code_challenge", List.of(Pkce.s256("v".repeat(43))));
        p.put("code_challenge_method", List.of("S256"));
        return p;
    }

    private static AuthorizationRequest validate(Map<String, List<String>> values) {
        return AuthorizationRequests.validate(new Params(values, IllegalArgumentException::new), CLIENT, REDIRECT);
    }

    private static void assertError(Map<String, List<String>> values, String error) {
        assertThatThrownBy(() -> validate(values))
                .isInstanceOf(AuthorizationRedirectException.class)
                .extracting("error")
                .isEqualTo(error);
    }

    @Test
    void validateWhenValidThenScopesInTableOrderAndValuesCarried() {
        AuthorizationRequest r = validate(valid());
        assertThat(r.scopes()).containsExactly("openid", "email");
        assertThat(r.state()).isEqualTo("s1");
        assertThat(r.nonce()).isEqualTo("n1");
        assertThat(r.maxAge()).isEqualTo(-1);
        assertThat(r.prompt()).isEmpty();
    }

    @Test
    void validateWhenPkceMissingOrPlainThenInvalidRequest() {
        Map<String, List<String>> plain = valid();
        plain.put("code_challenge_method", List.of("plain"));
        assertError(plain, "invalid_request");
        Map<String, List<String>> missing = valid();
        missing.remove("code_challenge");
        assertError(missing, "invalid_request");
    }

    @Test
    void validateWhenScopeNotAllowedOrWithoutOpenidThenInvalidScope() {
        Map<String, List<String>> roles = valid();
        roles.put("scope", List.of("openid roles"));
        assertError(roles, "invalid_scope");
        Map<String, List<String>> noOpenid = valid();
        noOpenid.put("scope", List.of("email"));
        assertError(noOpenid, "invalid_scope");
    }

    @Test
    void validateWhenStateRepeatedThenInvalidRequestWithoutState() {
        Map<String, List<String>> repeated = valid();
        repeated.put("state", List.of("a", "b"));
        assertThatThrownBy(() -> validate(repeated))
                .isInstanceOf(AuthorizationRedirectException.class)
                .extracting("error", "state")
                .containsExactly("invalid_request", null);
    }

    @Test
    void validateWhenOtherErrorThenStateCarried() {
        Map<String, List<String>> token = valid();
        token.put("response_type", List.of("token"));
        assertThatThrownBy(() -> validate(token))
                .isInstanceOf(AuthorizationRedirectException.class)
                .extracting("error", "state")
                .containsExactly("unsupported_response_type", "s1");
    }

    @Test
    void validateWhenPromptAndMaxAgeThenParsedOrRefused() {
        Map<String, List<String>> ok = valid();
        ok.put("prompt", List.of("login consent"));
        ok.put("max_age", List.of("300"));
        AuthorizationRequest r = validate(ok);
        assertThat(r.prompt()).containsExactly("login", "consent");
        assertThat(r.maxAge()).isEqualTo(300);
        Map<String, List<String>> unknown = valid();
        unknown.put("prompt", List.of("sometimes"));
        assertError(unknown, "invalid_request");
        Map<String, List<String>> huge = valid();
        huge.put("max_age", List.of("99999999999"));
        assertError(huge, "invalid_request");
    }

    @Test
    void validateWhenPromptNoneAndOtherwiseValidThenAcceptedSoTheFlowAnswersTheInteractionError() {
        Map<String, List<String>> none = valid();
        none.put("prompt", List.of("none"));
        assertThat(validate(none).prompts("none")).isTrue();
    }

    /**
     * OIDC Core §3.1.2.6 interaction errors (login_required, consent_required) answer requests that are otherwise
     * valid; a request that is not gets its RFC 6749 §4.1.2.1 error even with prompt=none, as the Foundation's
     * oidcc-prompt-none-not-logged-in saw for a request without PKCE.
     */
    @Test
    void validateWhenPromptNoneButRequestInvalidThenTheRequestErrorComesFirst() {
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("code_challenge", "invalid_request");
        expected.put("code_challenge_method", "invalid_request");
        expected.put("response_type", "unsupported_response_type");
        expected.put("scope", "invalid_scope");
        expected.put("request", "request_not_supported");
        expected.put("max_age", "invalid_request");
        Map<String, List<String>> broken = Map.of(
                "code_challenge", List.of(),
                "code_challenge_method", List.of("plain"),
                "response_type", List.of("code id_token"),
                "scope", List.of("openid roles"),
                "request", List.of("eyJhbGciOiJub25lIn0.e30."),
                "max_age", List.of("-1"));
        expected.forEach((param, error) -> {
            Map<String, List<String>> values = valid();
            values.put("prompt", List.of("none"));
            values.put(param, broken.get(param));
            assertThatThrownBy(() -> validate(values))
                    .as(param)
                    .isInstanceOf(AuthorizationRedirectException.class)
                    .extracting("error", "state")
                    .containsExactly(error, "s1");
        });
        Map<String, List<String>> combined = valid();
        combined.put("prompt", List.of("none consent"));
        assertError(combined, "invalid_request");
    }
}
