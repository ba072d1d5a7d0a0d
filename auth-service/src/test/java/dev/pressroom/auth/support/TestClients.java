package dev.pressroom.auth.support;

import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import io.restassured.response.Response;
import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.assertj.core.api.Assertions;

/** Fixtures: a fresh account and confidential client per test class, and the steps of the code flow. */
public final class TestClients {

    public static final String REDIRECT = "http://127.0.0.1:9999/cb";
    public static final String ALL_SCOPES = "openid profile email roles licenses:read offline_access";
    public static final String PASSWORD = "correct horse battery staple";

    public final String email;
    public final String accountId;
    public final String clientId;
    public final String secret;
    public final String verifier = Tokens.random(32);

    private TestClients(String email, String accountId, String clientId, String secret) {
        this.email = email;
        this.accountId = accountId;
        this.clientId = clientId;
        this.secret = secret;
    }

    public static TestClients create() {
        return create("RS256");
    }

    /** A fresh account and a client whose ID tokens are signed with {@code idTokenAlg}. */
    public static TestClients create(String idTokenAlg) {
        return create(Map.of("id_token_signed_response_alg", idTokenAlg));
    }

    /** A fresh account and a client registered with this further metadata (e.g. backchannel_logout_uri). */
    public static TestClients create(Map<String, Object> metadata) {
        String suffix = Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
        String email = "person-" + suffix + "@example.test";
        String accountId = Admin.createAccount(email, PASSWORD, "Person " + suffix);
        String clientId = "app-" + suffix;
        String secret = Admin.saveClient(
                clientId,
                List.of(REDIRECT),
                ALL_SCOPES,
                "client_secret_basic",
                List.of("http://127.0.0.1:9999/bye"),
                metadata);
        return new TestClients(email, accountId, clientId, secret);
    }

    /** A fresh account using an existing client. */
    public static TestClients forClient(String clientId, String secret) {
        String suffix = Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
        String email = "person-" + suffix + "@example.test";
        return new TestClients(email, Admin.createAccount(email, PASSWORD, "Person " + suffix), clientId, secret);
    }

    /** The same account with another client, e.g. a second app the person signs in to. */
    public TestClients withClient(TestClients other) {
        return new TestClients(email, accountId, other.clientId, other.secret);
    }

    public String challenge() {
        return Pkce.s256(verifier);
    }

    public Map<String, String> authorizeParams(String scope) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("response_type", "code");
        p.put("client_id", clientId);
        p.put("redirect_uri", REDIRECT);
        p.put("scope", scope);
        p.put("state", "st-" + Tokens.random(6));
        p.put("nonce", "n-" + Tokens.random(6));
        p.put("code_challenge", challenge());
        p.put("code_challenge_method", "S256");
        return p;
    }

    /** Authorize, sign in, allow: answers the redirect back to the client. */
    public Response signInAndConsent(Browser browser, Map<String, String> params) {
        Response page = browser.get("/oauth/authorize", params);
        Assertions.assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
        Response afterSignIn = signIn(browser, page);
        if (afterSignIn.statusCode() == 303) {
            return afterSignIn;
        }
        return allow(browser, afterSignIn);
    }

    /** Signs in with the password on this sign-in page: answers the consent page or the redirect. */
    public Response signIn(Browser browser, Response signInPage) {
        return browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(signInPage, "request"),
                        "csrf",
                        Browser.hidden(signInPage, "csrf"),
                        "email",
                        email,
                        "password",
                        PASSWORD));
    }

    /** Presses Allow on a consent page: answers the redirect back to the client. */
    public static Response allow(Browser browser, Response consentPage) {
        Assertions.assertThat(consentPage.asString()).contains("name=\"decision\" value=\"allow\"");
        return browser.post(
                "/consent",
                Map.of(
                        "request",
                        Browser.hidden(consentPage, "request"),
                        "csrf",
                        Browser.hidden(consentPage, "csrf"),
                        "decision",
                        "allow"));
    }

    public String code(Browser browser, String scope) {
        return query(signInAndConsent(browser, authorizeParams(scope))).get("code");
    }

    /** A further code for a browser that is signed in and has consented: authorize redirects at once. */
    public String codeAgain(Browser browser, String scope) {
        return query(browser.get("/oauth/authorize", authorizeParams(scope))).get("code");
    }

    public Response exchange(String code) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(clientId, secret)
                .formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        REDIRECT,
                        "code_verifier",
                        verifier))
                .post("/oauth/token");
    }

    public Response refresh(String refreshToken) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(clientId, secret)
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken))
                .post("/oauth/token");
    }

    /** The user info answer (200) for an access token. */
    public static Map<String, Object> userInfo(String accessToken) {
        return Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("$");
    }

    /** Whether introspection (RFC 7662) by this client says the token is active. */
    public boolean active(String token) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(clientId, secret)
                .formParam("token", token)
                .post("/oauth/introspect")
                .then()
                .statusCode(200)
                .extract()
                .<Boolean>path("active");
    }

    public static Map<String, String> query(Response redirect) {
        Assertions.assertThat(redirect.statusCode()).as(redirect.asString()).isEqualTo(303);
        URI location = URI.create(redirect.header("Location"));
        Map<String, String> result = new HashMap<>();
        result.put("_base", location.getScheme() + "://" + location.getAuthority() + location.getPath());
        if (location.getRawQuery() != null) {
            for (String pair : location.getRawQuery().split("&", -1)) {
                int eq = pair.indexOf('=');
                result.put(
                        pair.substring(0, eq),
                        java.net.URLDecoder.decode(pair.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return result;
    }
}
