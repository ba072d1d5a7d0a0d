package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The form-action of pages whose form ends in a redirect to the client. */
class SecurityHeadersFilterTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "https://app.example.org/cb?x=1       | form-action 'self' https://app.example.org;",
                "https://app.example.org:8443/auth/cb | form-action 'self' https://app.example.org:8443;",
                "http://127.0.0.1:51234/cb            | form-action 'self' http://127.0.0.1:51234;",
                "http://[::1]:51234/cb                | form-action 'self' http:;",
                "com.example.app:/callback            | form-action 'self' com.example.app:;"
            })
    void policyWhenRedirectUriThenItsOriginOrSchemeBesideSelf(String redirectUri, String formAction) {
        assertThat(SecurityHeadersFilter.policyRedirectingTo(redirectUri))
                .contains(formAction)
                .startsWith("default-src 'none';")
                .endsWith("frame-ancestors 'none'; base-uri 'none'");
    }
}
