package dev.pressroom.auth.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Redirect URI rules as a table (Keycloak RedirectUtilsTest style). */
class RedirectUrisTest {

    @ParameterizedTest(name = "{0} registrable={1}")
    @CsvSource({
        "https://app.example.com/cb, true",
        "https://app.example.com:8443/cb?x=1, true",
        "http://127.0.0.1/cb, true",
        "http://127.0.0.1:9999/cb, true",
        "http://[::1]:9999/cb, true",
        "com.example.app:/callback, true",
        "com.example.app:/, false",
        "com.example.app://callback, false",
        "myapp:/callback, false",
        "http://example.com/cb, false",
        "http://localhost:9999/cb, false",
        "https://localhost/cb, false",
        "https://a.localhost/cb, false",
        "http://127.0.0.2/cb, false",
        "https://app.example.com/cb#frag, false",
        "https://*.example.com/cb, false",
        "https://app.example.com/*, false",
        "https://user:pw@app.example.com/cb, false",
        "javascript:alert(1), false",
        "'data:text/html;base64,AAAA', false",
        "file:///etc/passwd, false",
        "HTTPS://app.example.com/cb, false",
        "/relative/cb, false",
        "https:///nohost, false",
        "'https://app.example.com/c b', false",
    })
    void registrationProblemWhenUriThenAcceptedOrRefused(String uri, boolean registrable) {
        assertThat(RedirectUris.registrationProblem(uri).isEmpty()).as(uri).isEqualTo(registrable);
    }

    @ParameterizedTest(name = "{0} allowed={1}")
    @CsvSource({
        "https://blog.example.org/logo.png, true",
        "https://blog.example.org:8443/privacy?lang=en, true",
        "http://blog.example.org/logo.png, false",
        "http://127.0.0.1:9999/logo.png, false",
        "com.example.app:/logo, false",
        "https://localhost/logo.png, false",
        "https://user:pw@blog.example.org/logo.png, false",
        "https://*.example.org/logo.png, false",
        "https://blog.example.org/terms#top, false",
        "javascript:alert(1), false",
        "'data:image/svg+xml;base64,AAAA', false",
        "//blog.example.org/logo.png, false",
        "'https://blog.example.org/a b', false",
    })
    void httpsPageProblemWhenUriThenHttpsWithRedirectHostRulesOnly(String uri, boolean allowed) {
        assertThat(RedirectUris.httpsPageProblem(uri).isEmpty()).as(uri).isEqualTo(allowed);
    }

    @ParameterizedTest(name = "{0} vs {1} -> {2}")
    @CsvSource({
        "https://app.example.com/cb, https://app.example.com/cb, true",
        "https://app.example.com/cb, https://app.example.com/cb/, false",
        "https://app.example.com/cb, https://APP.example.com/cb, false",
        "https://app.example.com/cb, https://app.example.com:443/cb, false",
        "https://app.example.com/cb, https://app.example.com/cb?x=1, false",
        "https://app.example.com:8443/cb, https://app.example.com:9443/cb, false",
        "http://127.0.0.1:9999/cb, http://127.0.0.1:9999/cb, true",
        "http://127.0.0.1:9999/cb, http://127.0.0.1:40123/cb, true",
        "http://127.0.0.1/cb, http://127.0.0.1:40123/cb, true",
        "http://[::1]:9999/cb, http://[::1]:1234/cb, true",
        "http://127.0.0.1:9999/cb, http://[::1]:9999/cb, false",
        "http://127.0.0.1:9999/cb, http://127.0.0.1:9999/cb2, false",
        "http://127.0.0.1:9999/cb, http://127.0.0.1:9999/cb?x=1, false",
        "http://127.0.0.1:9999/cb, http://127.0.0.1:9999/cb#f, false",
        "http://127.0.0.1:9999/cb, http://localhost:9999/cb, false",
        "http://127.0.0.1:9999/cb, https://127.0.0.1:9999/cb, false",
        "com.example.app:/callback, com.example.app:/callback, true",
        "com.example.app:/callback, com.example.app:/callback2, false",
    })
    void matchesWhenRequestedUriThenExactExceptLoopbackPort(String registered, String requested, boolean matches) {
        assertThat(RedirectUris.matches(registered, requested)).isEqualTo(matches);
    }

    @ParameterizedTest
    @CsvSource({
        "https://app.example.com/cb, 'https://app.example.com/cb?code=a+b%26c&state=%7Bx%7D'",
        "https://app.example.com/cb?keep=1, 'https://app.example.com/cb?keep=1&code=a+b%26c&state=%7Bx%7D'",
    })
    void withQueryWhenParamsThenEncodedAndAppended(String base, String expected) {
        assertThat(RedirectUris.withQuery(base, parameters()).toString()).isEqualTo(expected);
    }

    /** In order, with a null value, which Map.of cannot hold. */
    private static Map<String, String> parameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("code", "a b&c");
        parameters.put("state", "{x}");
        parameters.put("skipped", null);
        return parameters;
    }
}
