package dev.pressroom.auth.nativeimage;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.passkey.PasskeySettings;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.testing.NativeExecutable;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.RSAPublicKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * auth-service's native executable (scripts/native.sh test auth-service) against real PostgreSQL and Redis: the
 * pages, the whole OpenID Connect code flow with PKCE (password sign-in hashed by the Argon2 library, ID tokens
 * signed by the OpenSSL library, both over JNI in the image), refresh, revocation, introspection, and the passkey
 * ceremony on the account page and at sign-in.
 */
class AuthServiceNativeIT {

    private static final int PORT = Integer.getInteger("native.http.port", 18083);
    private static final int MANAGEMENT = Integer.getInteger("native.management.port", 19083);
    private static final String ISSUER = "http://127.0.0.1:" + PORT;
    private static final String ADMIN_TOKEN = "native-admin-token-" + Tokens.random(8);
    private static final String REDIRECT = "http://127.0.0.1:9999/cb";
    private static final String PASSWORD = "correct horse battery staple";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static NativeExecutable service;
    private static String email;
    private static String accountId;
    private static String clientId;
    private static String secret;

    @BeforeAll
    static void start() throws Exception {
        Path keys = Files.createTempDirectory("native-auth-keys");
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(rsa.generateKeyPair().getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        Files.writeString(keys.resolve("native-1.pem"), pem);

        service = NativeExecutable.start(
                NativeExecutable.env(
                        "AUTH_DB_NAME",
                        System.getProperty("native.db", "auth_native"),
                        "AUTH_REDIS_DB",
                        System.getProperty("native.redis.db", "10"),
                        "AUTH_MIGRATE_AT_START",
                        "true",
                        "AUTH_PORT",
                        String.valueOf(PORT),
                        "AUTH_ADMIN_PORT",
                        String.valueOf(MANAGEMENT),
                        "QUARKUS_HTTP_HOST",
                        "127.0.0.1",
                        "QUARKUS_MANAGEMENT_HOST",
                        "127.0.0.1",
                        "AUTH_ISSUER",
                        ISSUER,
                        "AUTH_ADMIN_TOKEN",
                        ADMIN_TOKEN,
                        "AUTH_KEYS_DIR",
                        keys.toString(),
                        "AUTH_COOKIE_SECURE",
                        "false",
                        // The image must carry and load both JNI libraries: refuse the Java fallbacks.
                        "AUTH_SIGNER",
                        "openssl",
                        "AUTH_ARGON2",
                        "native"),
                MANAGEMENT,
                Duration.ofSeconds(30));
        RestAssured.port = PORT;
        System.out.printf(
                "native auth-service: ready %d ms after start, RSS %d kB%n",
                service.startToReady().toMillis(), service.rssKb());

        String suffix = Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
        email = "native-" + suffix + "@example.test";
        accountId = admin().body(Map.of(
                        "email", email, "password", PASSWORD, "name", "Native " + suffix, "email_verified", true))
                .post("/admin/accounts")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        clientId = "native-app-" + suffix;
        secret = admin().body(Map.of(
                        "client_name",
                        "Native app",
                        "redirect_uris",
                        List.of(REDIRECT),
                        "scope",
                        TestClients.ALL_SCOPES,
                        "token_endpoint_auth_method",
                        "client_secret_basic",
                        "post_logout_redirect_uris",
                        List.of("http://127.0.0.1:9999/bye")))
                .put("/admin/clients/" + clientId)
                .then()
                .statusCode(200)
                .extract()
                .path("client_secret");
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.stopAsAPod(Duration.ofSeconds(25));
            RestAssured.reset();
        }
    }

    @Test
    void discoveryAndJwksWhenReadThenThisIssuerAndItsKey() {
        given().get("/.well-known/openid-configuration")
                .then()
                .statusCode(200)
                .body("issuer", equalTo(ISSUER))
                .body("token_endpoint", equalTo(ISSUER + "/oauth/token"));
        given().get("/.well-known/jwks.json")
                .then()
                .statusCode(200)
                .body("keys[0].kty", equalTo("RSA"))
                .body("keys[0].kid", notNullValue());
    }

    @Test
    void pagesWhenOpenedThenHtmlWithTheirFormsAndStyles() {
        Browser browser = new Browser();
        Response signIn = browser.get("/oauth/authorize", authorizeParams(Pkce.s256(Tokens.random(32))));
        signIn.then().statusCode(200).contentType(containsString("text/html"));
        assertThat(signIn.asString()).contains("name=\"password\"").contains("name=\"csrf\"");
        given().get("/theme.css").then().statusCode(200).contentType(containsString("text/css"));
        given().get("/static/logo.svg").then().statusCode(200);
        given().header("Accept-Language", "fr").get("/account").then().statusCode(200);
    }

    @Test
    void codeFlowWhenSignedInThenTokensRefreshRevocationAndIntrospection() throws Exception {
        String verifier = Tokens.random(32);
        Browser browser = new Browser();
        Map<String, String> params = authorizeParams(Pkce.s256(verifier));
        Response page = browser.get("/oauth/authorize", params);
        Response consent = signIn(browser, page);
        consent.then().statusCode(200);
        Response back = TestClients.allow(browser, consent);
        Map<String, String> query = TestClients.query(back);
        assertThat(query.get("state")).isEqualTo(params.get("state"));
        assertThat(query.get("iss")).isEqualTo(ISSUER);

        Response tokens = client().formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        query.get("code"),
                        "redirect_uri",
                        REDIRECT,
                        "code_verifier",
                        verifier))
                .post("/oauth/token");
        tokens.then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .body("token_type", equalTo("Bearer"))
                .body("refresh_token", notNullValue());
        String idToken = tokens.path("id_token");
        JsonNode claims = verifiedClaims(idToken);
        assertThat(claims.get("iss").asText()).isEqualTo(ISSUER);
        assertThat(claims.get("sub").asText()).isEqualTo(accountId);
        assertThat(claims.get("aud").asText()).isEqualTo(clientId);
        assertThat(claims.get("nonce").asText()).isEqualTo(params.get("nonce"));
        assertThat(claims.get("amr").get(0).asText()).isEqualTo("pwd");

        String access = tokens.path("access_token");
        given().auth()
                .oauth2(access)
                .get("/oauth/userinfo")
                .then()
                .statusCode(200)
                .body("sub", equalTo(accountId))
                .body("email", equalTo(email));

        Response refreshed = client().formParams(
                        Map.of("grant_type", "refresh_token", "refresh_token", tokens.path("refresh_token")))
                .post("/oauth/token");
        refreshed.then().statusCode(200).body("access_token", notNullValue());
        String newAccess = refreshed.path("access_token");
        assertThat(newAccess).isNotEqualTo(access);
        assertThat(active(newAccess)).isTrue();

        client().formParam("token", newAccess).post("/oauth/revoke").then().statusCode(200);
        assertThat(active(newAccess)).isFalse();
        given().auth().oauth2(newAccess).get("/oauth/userinfo").then().statusCode(401);
    }

    @Test
    void passkeyWhenAddedOnTheAccountPageThenItSignsIn() throws Exception {
        Browser home = new Browser();
        Response accountPage = home.get("/account", Map.of());
        home.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(accountPage, "request"),
                                "csrf",
                                Browser.hidden(accountPage, "csrf"),
                                "email",
                                email,
                                "password",
                                PASSWORD))
                .then()
                .statusCode(303);
        String rpId = PasskeySettings.rpId(ISSUER, null);
        TestAuthenticator authenticator = new TestAuthenticator(rpId, PasskeySettings.origin(ISSUER, rpId, null));
        assertThat(PasskeyCeremony.add(home, authenticator, "Native key").statusCode())
                .isEqualTo(303);
        assertThat(home.get("/account", Map.of()).asString()).contains("Native key");

        String verifier = Tokens.random(32);
        Browser browser = new Browser();
        Response signInPage = browser.get("/oauth/authorize", authorizeParams(Pkce.s256(verifier)));
        Response afterPasskey = PasskeyCeremony.signIn(browser, signInPage, authenticator);
        assertThat(afterPasskey.statusCode()).as(afterPasskey.asString()).isIn(200, 303);
        Response back = afterPasskey.statusCode() == 303 ? afterPasskey : TestClients.allow(browser, afterPasskey);
        String code = TestClients.query(back).get("code");
        Response tokens = client().formParams(Map.of(
                        "grant_type", "authorization_code",
                        "code", code,
                        "redirect_uri", REDIRECT,
                        "code_verifier", verifier))
                .post("/oauth/token");
        tokens.then().statusCode(200);
        assertThat(verifiedClaims(tokens.path("id_token")).get("amr").toString())
                .isEqualTo("[\"pop\",\"user\"]");
    }

    @Test
    void healthAndMetricsWhenScrapedThenUp() {
        given().port(MANAGEMENT).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(MANAGEMENT).get("/q/metrics").then().statusCode(200).body(containsString("pressroom_auth_"));
    }

    private static Map<String, String> authorizeParams(String challenge) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("response_type", "code");
        p.put("client_id", clientId);
        p.put("redirect_uri", REDIRECT);
        p.put("scope", TestClients.ALL_SCOPES);
        p.put("state", "st-" + Tokens.random(6));
        p.put("nonce", "n-" + Tokens.random(6));
        p.put("code_challenge", challenge);
        p.put("code_challenge_method", "S256");
        return p;
    }

    private static Response signIn(Browser browser, Response page) {
        return browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        email,
                        "password",
                        PASSWORD));
    }

    private static RequestSpecification admin() {
        return given().port(MANAGEMENT)
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .contentType(ContentType.JSON);
    }

    private static RequestSpecification client() {
        return given().redirects()
                .follow(false)
                .contentType(ContentType.URLENC)
                .auth()
                .preemptive()
                .basic(clientId, secret);
    }

    private static boolean active(String token) {
        return client().formParam("token", token)
                .post("/oauth/introspect")
                .then()
                .statusCode(200)
                .extract()
                .path("active");
    }

    /** The ID token's claims, after checking its RS256 signature with the key the JWKS publishes under its kid. */
    private static JsonNode verifiedClaims(String jwt) throws Exception {
        String[] parts = jwt.split("\\.", -1);
        JsonNode header = JSON.readTree(Base64.getUrlDecoder().decode(parts[0]));
        assertThat(header.get("alg").asText()).isEqualTo("RS256");
        JsonNode jwks = JSON.readTree(given().get("/.well-known/jwks.json").asString());
        JsonNode key = null;
        for (JsonNode candidate : jwks.get("keys")) {
            if (candidate.get("kid").asText().equals(header.get("kid").asText())) {
                key = candidate;
            }
        }
        assertThat(key).as("kid %s in the JWKS", header.get("kid")).isNotNull();
        PublicKey publicKey = KeyFactory.getInstance("RSA")
                .generatePublic(new RSAPublicKeySpec(
                        new BigInteger(
                                1, Base64.getUrlDecoder().decode(key.get("n").asText())),
                        new BigInteger(
                                1, Base64.getUrlDecoder().decode(key.get("e").asText()))));
        Signature rs256 = Signature.getInstance("SHA256withRSA");
        rs256.initVerify(publicKey);
        rs256.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        assertThat(rs256.verify(Base64.getUrlDecoder().decode(parts[2])))
                .as("RS256 signature")
                .isTrue();
        return JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
    }
}
