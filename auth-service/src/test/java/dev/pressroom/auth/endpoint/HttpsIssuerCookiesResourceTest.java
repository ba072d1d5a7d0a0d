package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** With an https issuer the cookies carry the __Host- prefix (RFC 6265bis §4.1.3.2), and only those are read. */
@QuarkusTest
@TestProfile(HttpsIssuerCookiesResourceTest.HttpsIssuerProfile.class)
class HttpsIssuerCookiesResourceTest {

    public static class HttpsIssuerProfile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("auth.issuer", "https://accounts.example.test");
        }
    }

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
    }

    @Test
    void cookiesWhenIssuerHttpsThenHostPrefixedSecureRootPathWithoutDomainOrVersion() {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Response signedIn = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));

        List<String> set = new java.util.ArrayList<>(page.headers().getValues("Set-Cookie"));
        set.addAll(signedIn.headers().getValues("Set-Cookie"));
        assertThat(set)
                .anyMatch(c -> c.startsWith("__Host-pr_csrf="))
                .anyMatch(c -> c.startsWith("__Host-pr_session="))
                .allMatch(c -> c.startsWith("__Host-"))
                .allSatisfy(c -> assertThat(c)
                        .contains("; Path=/")
                        .containsIgnoringCase("; Secure")
                        .doesNotContainIgnoringCase("Domain=")
                        .doesNotContainIgnoringCase("Version="));
    }

    @Test
    void sessionWhenIssuerHttpsThenReadFromThePrefixedCookieOnly() {
        app.code(browser, "openid");
        Map<String, String> params = app.authorizeParams("openid");
        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params)).get("code"))
                .isNotBlank();

        assertThat(browser.cookie("__Host-pr_session")).isNotNull();
        Browser unprefixed = new Browser();
        unprefixed.setCookie("pr_session", browser.cookie("__Host-pr_session"));
        assertThat(TestClients.query(unprefixed.get("/oauth/authorize", params)).get("error"))
                .isEqualTo("login_required");
    }
}
