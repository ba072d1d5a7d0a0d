package dev.pressroom.auth.nativeimage;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.passkey.PasskeySettings;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAssertions;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestDpop;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.testing.NativeExecutable;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * auth-service's native executable (scripts/native.sh test auth-service) against real PostgreSQL and Redis: the
 * pages in each language, their static files and the admin API's OpenAPI document (resources of the image), the
 * whole OpenID Connect code flow with PKCE (password sign-in hashed by the Argon2 library, RS256 ID tokens signed by
 * the OpenSSL library, both over JNI in the image), PS256 and ES256 ID tokens from keys the admin API creates (the
 * JDK's signers and key generators in the image), refresh, revocation, introspection, a client with private_key_jwt,
 * PAR and DPoP-bound tokens, the passkey ceremony on the account page and at sign-in (and a refused assertion), the
 * admin API's validation errors, health and metrics.
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
    private static String ps256Kid;
    private static String es256Kid;

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
                // A loaded machine may need longer (-Dnative.start.seconds).
                Duration.ofSeconds(Long.getLong("native.start.seconds", 30)));
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
        // The JDK's RSA and EC key generators in the image; force skips the wait relying parties get in production.
        ps256Kid = newSigningKey("PS256");
        es256Kid = newSigningKey("ES256");
    }

    /** Creates a signing key for {@code alg} through the admin API and makes it the one that signs. */
    private static String newSigningKey(String alg) {
        String kid = admin().queryParam("alg", alg)
                .post("/admin/keys")
                .then()
                .statusCode(201)
                .extract()
                .path("kid");
        admin().post("/admin/keys/" + kid + "/activate?force=true").then().statusCode(200);
        return kid;
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            System.out.printf("native auth-service: RSS %d kB after the tests%n", service.rssKb());
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
                .body("token_endpoint", equalTo(ISSUER + "/oauth/token"))
                .body("pushed_authorization_request_endpoint", equalTo(ISSUER + "/oauth/par"))
                .body("id_token_signing_alg_values_supported", equalTo(List.of("RS256", "PS256", "ES256")))
                .body("dpop_signing_alg_values_supported", notNullValue());
        Response jwks = given().get("/.well-known/jwks.json");
        jwks.then().statusCode(200).body("keys.kid", hasItems(ps256Kid, es256Kid));
        assertThat(jwks.jsonPath().getList("keys.alg")).contains("RS256", "PS256", "ES256");
        assertThat(jwks.<String>path("keys.find { it.alg == 'ES256' }.crv")).isEqualTo("P-256");
    }

    @Test
    void pagesWhenOpenedThenHtmlWithTheirFormsAndStyles() {
        Browser browser = new Browser();
        Response signIn = browser.get("/oauth/authorize", authorizeParams(Pkce.s256(Tokens.random(32))));
        signIn.then().statusCode(200).contentType(containsString("text/html"));
        assertThat(signIn.asString()).contains("name=\"password\"").contains("name=\"csrf\"");
        given().get("/theme.css").then().statusCode(200).contentType(containsString("text/css"));
        given().get("/static/logo.svg").then().statusCode(200);
        given().get("/static/auth.css").then().statusCode(200).contentType(containsString("text/css"));
        given().get("/static/passkeys.js").then().statusCode(200).body(containsString("credentials"));
        given().header("Accept-Language", "fr").get("/account").then().statusCode(200);
        given().port(MANAGEMENT)
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body(containsString("/admin/accounts"))
                .body(containsString("/admin/keys"));
    }

    /** The message bundles are compiled at build time: each language's sign-in page must still speak it. */
    @Test
    void signInPageWhenAskedInEachLanguageThenItSpeaksIt() {
        Map<String, String> signIn = Map.of("en", "Sign in", "de", "Anmelden", "fr", "Se connecter", "es", "Iniciar");
        signIn.forEach((language, text) -> {
            Map<String, String> params = authorizeParams(Pkce.s256(Tokens.random(32)));
            params.put("ui_locales", language);
            Response page = new Browser().get("/oauth/authorize", params);
            page.then().statusCode(200);
            assertThat(page.asString())
                    .as(language)
                    .contains("<html lang=\"" + language + "\"")
                    .contains(text);
        });
        Response german = new Browser().language("de-CH, en;q=0.5").get("/account", Map.of());
        assertThat(german.asString()).contains("<html lang=\"de\"").contains("Anmelden");
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
        JsonNode claims = verifiedClaims(idToken, "RS256");
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

        // webauthn4j refuses an assertion made for another origin: the page says so, the browser stays signed out.
        Browser phished = new Browser();
        Response phishedPage = phished.get("/oauth/authorize", authorizeParams(Pkce.s256(Tokens.random(32))));
        authenticator.origin("https://phish.example");
        Response refused = PasskeyCeremony.signIn(phished, phishedPage, authenticator);
        assertThat(refused.statusCode()).isEqualTo(200);
        assertThat(refused.asString()).contains("That passkey could not sign you in.");
        assertThat(phished.cookie("pr_session")).isNull();
        authenticator.origin(PasskeySettings.origin(ISSUER, rpId, null));

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
        assertThat(verifiedClaims(tokens.path("id_token"), "RS256").get("amr").toString())
                .isEqualTo("[\"pop\",\"user\"]");
    }

    /** PS256 and ES256 ID tokens: the JDK's RSASSA-PSS and P1363 ECDSA signers, checked against the JWKS by Nimbus. */
    @Test
    void idTokensWhenClientsAskForPs256OrEs256ThenSignedByThatAlgorithmsKey() throws Exception {
        for (String alg : List.of("PS256", "ES256")) {
            String id = clientId + "-" + alg.toLowerCase(Locale.ROOT);
            String appSecret = admin().body(Map.of(
                            "client_name",
                            "Native " + alg,
                            "redirect_uris",
                            List.of(REDIRECT),
                            "scope",
                            "openid email",
                            "token_endpoint_auth_method",
                            "client_secret_basic",
                            "id_token_signed_response_alg",
                            alg))
                    .put("/admin/clients/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .path("client_secret");
            String verifier = Tokens.random(32);
            Map<String, String> params = authorizeParams(Pkce.s256(verifier));
            params.put("client_id", id);
            params.put("scope", "openid email");
            Browser browser = new Browser();
            Response back = TestClients.allow(browser, signIn(browser, browser.get("/oauth/authorize", params)));
            Response tokens = given().redirects()
                    .follow(false)
                    .contentType(ContentType.URLENC)
                    .auth()
                    .preemptive()
                    .basic(id, appSecret)
                    .formParams(Map.of(
                            "grant_type",
                            "authorization_code",
                            "code",
                            TestClients.query(back).get("code"),
                            "redirect_uri",
                            REDIRECT,
                            "code_verifier",
                            verifier))
                    .post("/oauth/token");
            assertThat(tokens.statusCode()).as(tokens.asString()).isEqualTo(200);
            String idToken = tokens.path("id_token");
            assertThat(SignedJWT.parse(idToken).getHeader().getKeyID())
                    .isEqualTo(alg.equals("PS256") ? ps256Kid : es256Kid);
            assertThat(verifiedClaims(idToken, alg).get("aud").asText()).isEqualTo(id);
        }
    }

    /**
     * A self-hosted instance's client (dynamic registration): private_key_jwt (jose4j and the JDK verify its
     * assertions), pushed authorization requests, and DPoP-bound tokens at the token endpoint and user info.
     */
    @Test
    void highSecurityClientWhenPrivateKeyJwtParAndDpopThenBoundTokensACopyCannotUse() throws Exception {
        TestAssertions clientKeys = TestAssertions.generate("native-instance");
        TestDpop dpopKey = TestDpop.es256();
        String initialAccessToken = admin().post("/admin/initial-access-tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("initial_access_token");
        Map<String, Object> metadata = new HashMap<>();
        metadata.put("client_name", "Native self-hosted instance");
        metadata.put("redirect_uris", List.of(REDIRECT));
        metadata.put("scope", "openid offline_access");
        metadata.put("token_endpoint_auth_method", OAuthParams.PRIVATE_KEY_JWT);
        metadata.put("jwks", clientKeys.jwks());
        metadata.put("require_pushed_authorization_requests", true);
        metadata.put("dpop_bound_access_tokens", true);
        metadata.put("id_token_signed_response_alg", "PS256");
        Response registered = given().header("Authorization", "Bearer " + initialAccessToken)
                .contentType(ContentType.JSON)
                .body(metadata)
                .post("/oauth/register");
        assertThat(registered.statusCode()).as(registered.asString()).isEqualTo(201);
        String instance = registered.path("client_id");

        String verifier = Tokens.random(32);
        Map<String, String> params = authorizeParams(Pkce.s256(verifier));
        params.put("client_id", instance);
        params.put("scope", "openid offline_access");
        Response notPushed = new Browser().get("/oauth/authorize", params);
        assertThat(TestClients.query(notPushed).get("error")).isEqualTo("invalid_request");
        Response pushed = asInstance(given(), clientKeys, instance, params).post("/oauth/par");
        assertThat(pushed.statusCode()).as(pushed.asString()).isEqualTo(201);
        Browser browser = new Browser();
        Response page = browser.get(
                "/oauth/authorize", Map.of("client_id", instance, "request_uri", pushed.path("request_uri")));
        Response back = TestClients.allow(browser, signIn(browser, page));
        Map<String, String> query = TestClients.query(back);
        assertThat(query.get("state")).isEqualTo(params.get("state"));

        Map<String, String> exchange = Map.of(
                "grant_type",
                "authorization_code",
                "code",
                query.get("code"),
                "redirect_uri",
                REDIRECT,
                "code_verifier",
                verifier);
        Response withoutProof =
                asInstance(given(), clientKeys, instance, exchange).post("/oauth/token");
        assertThat(withoutProof.statusCode()).isEqualTo(400);
        assertThat(withoutProof.<String>path("error")).isEqualTo("invalid_dpop_proof");
        Response tokens = asInstance(
                        given().header("DPoP", dpopKey.proof("POST", ISSUER + "/oauth/token")),
                        clientKeys,
                        instance,
                        exchange)
                .post("/oauth/token");
        assertThat(tokens.statusCode()).as(tokens.asString()).isEqualTo(200);
        assertThat(tokens.<String>path("token_type")).isEqualTo("DPoP");
        verifiedClaims(tokens.path("id_token"), "PS256");

        Response refreshed = asInstance(
                        given().header("DPoP", dpopKey.proof("POST", ISSUER + "/oauth/token")),
                        clientKeys,
                        instance,
                        Map.of("grant_type", "refresh_token", "refresh_token", tokens.path("refresh_token")))
                .post("/oauth/token");
        assertThat(refreshed.statusCode()).as(refreshed.asString()).isEqualTo(200);
        String access = refreshed.path("access_token");
        String userInfo = ISSUER + "/oauth/userinfo";
        Response info = given().header("Authorization", "DPoP " + access)
                .header("DPoP", dpopKey.proof("GET", userInfo, access))
                .get("/oauth/userinfo");
        assertThat(info.statusCode()).as(info.asString()).isEqualTo(200);
        assertThat(info.<String>path("sub")).isEqualTo(accountId);
        Response introspected = asInstance(given(), clientKeys, instance, Map.of("token", access))
                .post("/oauth/introspect");
        assertThat(introspected.<String>path("cnf.jkt")).isEqualTo(dpopKey.thumbprint());

        // The copied token: as a bearer token, or with a thief's proof.
        given().auth().oauth2(access).get("/oauth/userinfo").then().statusCode(401);
        given().header("Authorization", "DPoP " + access)
                .header("DPoP", TestDpop.es256().proof("GET", userInfo, access))
                .get("/oauth/userinfo")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("invalid_dpop_proof"));
    }

    /** Bean Validation on the admin API's request records (reflection on their accessors in the image). */
    @Test
    void adminApiWhenBodyBreaksTheRulesThenEveryWrongMemberNamed() {
        admin().body(Map.of("email", "not-an-address", "password", "short", "name", "x"))
                .post("/admin/accounts")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("error_description", containsString("email must be an email address"))
                .body("error_description", containsString("password must have at least 8 characters"));
    }

    @Test
    void healthAndMetricsWhenScrapedThenUp() {
        given().port(MANAGEMENT).get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
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

    /** A request of the private_key_jwt client: the form with a fresh client assertion (each is single use). */
    private static RequestSpecification asInstance(
            RequestSpecification request, TestAssertions keys, String instance, Map<String, String> form) {
        Map<String, String> all = new HashMap<>(form);
        all.put("client_assertion_type", OAuthParams.JWT_BEARER_ASSERTION);
        all.put("client_assertion", keys.rs256(instance, ISSUER));
        return request.redirects().follow(false).contentType(ContentType.URLENC).formParams(all);
    }

    /** The ID token's claims, after checking its signature (of {@code alg}) with the key the JWKS publishes under its kid. */
    private static JsonNode verifiedClaims(String jwt, String alg) throws Exception {
        SignedJWT token = SignedJWT.parse(jwt);
        assertThat(token.getHeader().getAlgorithm().getName()).isEqualTo(alg);
        JWK key = JWKSet.parse(given().get("/.well-known/jwks.json").asString())
                .getKeyByKeyId(token.getHeader().getKeyID());
        assertThat(key).as("kid %s in the JWKS", token.getHeader().getKeyID()).isNotNull();
        assertThat(key.getAlgorithm().getName()).isEqualTo(alg);
        JWSVerifier verifier = key instanceof ECKey ec ? new ECDSAVerifier(ec) : new RSASSAVerifier(key.toRSAKey());
        assertThat(token.verify(verifier)).as("%s signature", alg).isTrue();
        return JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.", -1)[1]));
    }
}
