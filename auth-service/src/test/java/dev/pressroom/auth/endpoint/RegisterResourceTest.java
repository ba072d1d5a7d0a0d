package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.pressroom.auth.store.ConsentMirror;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** RFC 7591 registration, closed except to holders of an initial access token. */
@QuarkusTest
class RegisterResourceTest {

    @Inject
    ConsentMirror mirror;

    private static final Map<String, Object> METADATA = Map.of(
            "client_name",
            "My self-hosted blog",
            "redirect_uris",
            List.of("https://blog.example.org/auth/callback"),
            "token_endpoint_auth_method",
            "client_secret_basic",
            "scope",
            "openid profile email offline_access",
            "post_logout_redirect_uris",
            List.of("https://blog.example.org/"));

    @Test
    void registerWhenInitialAccessTokenValidThen201WithCredentialsAndMetadata() {
        Response r = register(Admin.initialAccessToken(), METADATA);
        r.then()
                .statusCode(201)
                .header("Cache-Control", "no-store")
                .body("client_id", notNullValue())
                .body("client_secret", notNullValue())
                .body("client_id_issued_at", notNullValue())
                .body("client_secret_expires_at", equalTo(0))
                .body("client_name", equalTo("My self-hosted blog"))
                .body("redirect_uris", equalTo(List.of("https://blog.example.org/auth/callback")))
                .body("token_endpoint_auth_method", equalTo("client_secret_basic"))
                .body("scope", equalTo("openid profile email offline_access"))
                .body("registration_access_token", notNullValue());
    }

    @Test
    void registerWhenInitialAccessTokenReusedOrMissingThen401() {
        String token = Admin.initialAccessToken();
        register(token, METADATA).then().statusCode(201);
        register(token, METADATA).then().statusCode(401).body("error", equalTo("invalid_token"));
        RestAssured.given()
                .contentType(ContentType.JSON)
                .body(METADATA)
                .post("/oauth/register")
                .then()
                .statusCode(401);
        register("made-up-token", METADATA).then().statusCode(401);
    }

    @Test
    void registerWhenRedirectUriBreaksRulesThenInvalidRedirectUri() {
        for (String bad : List.of(
                "http://blog.example.org/cb",
                "https://blog.example.org/cb#frag",
                "https://*.example.org/cb",
                "http://localhost:8080/cb",
                "https://localhost/cb",
                "javascript:alert(1)",
                "com.example.app://cb",
                "relative/cb")) {
            Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
            metadata.put("redirect_uris", List.of(bad));
            register(Admin.initialAccessToken(), metadata)
                    .then()
                    .statusCode(400)
                    .body("error", equalTo("invalid_redirect_uri"));
        }
    }

    @Test
    void registerWhenScopeOverBroadThen201WithTheScopeTheClientMayHave() {
        Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
        metadata.put("redirect_uris", List.of(TestClients.REDIRECT));
        metadata.put("scope", "openid profile roles");
        Response registered = register(Admin.initialAccessToken(), metadata);
        registered.then().statusCode(201).body("scope", equalTo("openid profile"));
        String clientId = registered.path("client_id");
        RestAssured.given()
                .header("Authorization", "Bearer " + registered.path("registration_access_token"))
                .get("/oauth/register/" + clientId)
                .then()
                .statusCode(200)
                .body("scope", equalTo("openid profile"));
        Map<String, String> params = TestClients.create().authorizeParams("openid roles");
        params.put("client_id", clientId);
        assertThat(TestClients.query(new Browser().get("/oauth/authorize", params)))
                .containsEntry("error", "invalid_scope");
    }

    @Test
    void registerWhenScopeHasOnlyUnknownValuesThenOpenidOnly() {
        Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
        metadata.put("scope", "admin write:everything quoted\"token");
        register(Admin.initialAccessToken(), metadata).then().statusCode(201).body("scope", equalTo("openid"));
    }

    @Test
    void registerWhenNoScopeSentThenStandardScopesReturnedAndUsable() {
        Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
        metadata.remove("scope");
        metadata.put("redirect_uris", List.of(TestClients.REDIRECT));
        Response registered = register(Admin.initialAccessToken(), metadata);
        registered.then().statusCode(201).body("scope", equalTo("openid profile email offline_access"));
        TestClients person = TestClients.forClient(registered.path("client_id"), registered.path("client_secret"));
        person.exchange(person.code(new Browser(), "openid profile email offline_access"))
                .then()
                .statusCode(200)
                .body("scope", equalTo("openid profile email offline_access"))
                .body("refresh_token", notNullValue());
    }

    @Test
    void registerWhenScopeLacksOpenidThenOpenidGranted() {
        Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
        metadata.put("scope", "email  roles profile");
        register(Admin.initialAccessToken(), metadata)
                .then()
                .statusCode(201)
                .body("scope", equalTo("openid profile email"));
    }

    @Test
    void registrationUpdateWhenScopeOverBroadThen200WithTheScopeTheClientMayHave() {
        Response registered = register(Admin.initialAccessToken(), METADATA);
        String clientId = registered.path("client_id");
        Map<String, Object> changed = new java.util.HashMap<>(METADATA);
        changed.put("client_id", clientId);
        changed.put("scope", "openid email roles licenses:read unknown");
        update(clientId, registered.path("registration_access_token"), changed)
                .then()
                .statusCode(200)
                .body("scope", equalTo("openid email licenses:read"));
    }

    @Test
    void registerWhenMetadataInvalidThenInvalidClientMetadata() {
        Map<String, Object> method = new java.util.HashMap<>(METADATA);
        method.put("token_endpoint_auth_method", "client_secret_post");
        register(Admin.initialAccessToken(), method)
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_client_metadata"));
        RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body("{not json")
                .post("/oauth/register")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_client_metadata"));
        RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.URLENC)
                .formParam("client_name", "x")
                .post("/oauth/register")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_client_metadata"));
    }

    @Test
    void registeredClientWhenUsedThenCodeFlowWorksAndConsentShowsRedirectAddress() {
        Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
        metadata.put("redirect_uris", List.of("https://blog.example.org/auth/callback", TestClients.REDIRECT));
        Response registered = register(Admin.initialAccessToken(), metadata);
        String clientId = registered.path("client_id");
        TestClients person = TestClients.create();
        Map<String, String> params = person.authorizeParams("openid email");
        params.put("client_id", clientId);
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", params);
        Response consent = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        person.email,
                        "password",
                        TestClients.PASSWORD));
        assertThat(consent.asString())
                .contains("My self-hosted blog")
                .contains("not verified")
                .contains(TestClients.REDIRECT);
        String code = TestClients.query(browser.post(
                        "/consent",
                        Map.of(
                                "request",
                                Browser.hidden(consent, "request"),
                                "csrf",
                                Browser.hidden(consent, "csrf"),
                                "decision",
                                "allow")))
                .get("code");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(clientId, registered.path("client_secret"))
                .formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        TestClients.REDIRECT,
                        "code_verifier",
                        person.verifier))
                .post("/oauth/token")
                .then()
                .statusCode(200);
    }

    @Test
    void registrationWhenReadWithItsTokenThenMetadataWithoutSecret() {
        Response registered = register(Admin.initialAccessToken(), METADATA);
        String clientId = registered.path("client_id");
        String token = registered.path("registration_access_token");
        String uri = registered.path("registration_client_uri");
        assertThat(uri).endsWith("/oauth/register/" + clientId);
        RestAssured.given()
                .header("Authorization", "Bearer " + token)
                .get("/oauth/register/" + clientId)
                .then()
                .statusCode(200)
                .body("client_id", equalTo(clientId))
                .body("client_name", equalTo("My self-hosted blog"))
                .body("client_secret", org.hamcrest.Matchers.nullValue())
                .body("verified", equalTo(false));
        RestAssured.given()
                .header("Authorization", "Bearer wrong")
                .get("/oauth/register/" + clientId)
                .then()
                .statusCode(401);
        RestAssured.given().get("/oauth/register/" + clientId).then().statusCode(401);
    }

    @Test
    void registrationWhenVerifiedClientChangesNameOrAnyRedirectOrPostLogoutUriThenLosesBadgeUntilCheckedAgain() {
        Map<String, Object> changes = Map.of(
                "logo_uri",
                "https://blog.example.org/new-logo.png",
                "client_name",
                "Renamed blog",
                "redirect_uris",
                List.of("https://other.example.org/cb"),
                "post_logout_redirect_uris",
                List.of("https://blog.example.org/", "https://other.example.org/"));
        changes.forEach((field, value) -> {
            Response registered = register(Admin.initialAccessToken(), METADATA);
            String clientId = registered.path("client_id");
            verify(clientId);
            Map<String, Object> changed = new java.util.HashMap<>(METADATA);
            changed.put("client_id", clientId);
            changed.put(field, value);
            String rotated = update(clientId, registered.path("registration_access_token"), changed)
                    .then()
                    .statusCode(200)
                    .body(field, equalTo(value))
                    .body("verified", equalTo(false))
                    .extract()
                    .path("registration_access_token");
            read(clientId, rotated).then().body("verified", equalTo(false));
        });
    }

    @Test
    void registrationWhenVerifiedClientResubmitsSameMetadataOrOnlyScopeThenKeepsBadge() {
        Response registered = register(Admin.initialAccessToken(), METADATA);
        String clientId = registered.path("client_id");
        String token = registered.path("registration_access_token");
        verify(clientId);
        Map<String, Object> same = new java.util.HashMap<>(METADATA);
        same.put("client_id", clientId);
        String rotated = update(clientId, token, same)
                .then()
                .statusCode(200)
                .body("verified", equalTo(true))
                .extract()
                .path("registration_access_token");
        same.put("scope", "openid email");
        update(clientId, rotated, same).then().statusCode(200).body("verified", equalTo(true));
    }

    @Test
    void registrationUpdateWhenAcceptedThenNewRegistrationAccessTokenAndOldOneRefused() {
        Response registered = register(Admin.initialAccessToken(), METADATA);
        String clientId = registered.path("client_id");
        String oldToken = registered.path("registration_access_token");
        Map<String, Object> same = new java.util.HashMap<>(METADATA);
        same.put("client_id", clientId);
        String newToken = update(clientId, oldToken, same)
                .then()
                .statusCode(200)
                .body("client_secret", org.hamcrest.Matchers.nullValue())
                .extract()
                .path("registration_access_token");
        assertThat(newToken).isNotBlank().isNotEqualTo(oldToken);
        read(clientId, oldToken).then().statusCode(401).body("error", equalTo("invalid_token"));
        update(clientId, oldToken, same).then().statusCode(401);
        read(clientId, newToken).then().statusCode(200).body("client_id", equalTo(clientId));
    }

    @Test
    void registrationDeleteWhenTokenValidThen204AndClientConsentsAndTokensGone() {
        Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
        metadata.put("client_name", "Blog about to leave");
        metadata.put("redirect_uris", List.of(TestClients.REDIRECT));
        Response registered = register(Admin.initialAccessToken(), metadata);
        String clientId = registered.path("client_id");
        String token = registered.path("registration_access_token");
        List<Browser> browsers = List.of(new Browser(), new Browser());
        List<String> accessTokens = new java.util.ArrayList<>();
        List<TestClients> people = new java.util.ArrayList<>();
        for (Browser browser : browsers) {
            TestClients person = TestClients.forClient(clientId, registered.path("client_secret"));
            people.add(person);
            accessTokens.add(person.exchange(person.code(browser, "openid offline_access"))
                    .then()
                    .statusCode(200)
                    .extract()
                    .path("access_token"));
            assertThat(browser.get("/account", Map.of()).asString()).contains("Blog about to leave");
        }

        RestAssured.given()
                .header("Authorization", "Bearer " + token)
                .delete("/oauth/register/" + clientId)
                .then()
                .statusCode(204)
                .header("Cache-Control", "no-store");

        for (String accessToken : accessTokens) {
            Admin.publicApi()
                    .header("Authorization", "Bearer " + accessToken)
                    .get("/oauth/userinfo")
                    .then()
                    .statusCode(401)
                    .body("error", equalTo("invalid_token"));
        }
        for (Browser browser : browsers) {
            assertThat(browser.get("/account", Map.of()).asString()).doesNotContain("Blog about to leave");
        }
        // A client registered again under this id would be asked for consent anew.
        for (TestClients person : people) {
            assertThat(mirror.find(person.accountId, clientId).await().indefinitely())
                    .extracting(ConsentMirror.Copy::isRemoved)
                    .isEqualTo(true);
        }
        read(clientId, token).then().statusCode(401);
        RestAssured.given()
                .header("Authorization", "Bearer " + token)
                .delete("/oauth/register/" + clientId)
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_token"));
        Map<String, String> params = TestClients.create().authorizeParams("openid");
        params.put("client_id", clientId);
        assertThat(new Browser().get("/oauth/authorize", params).statusCode()).isEqualTo(400);
        assertThat(AuditEvents.detail(
                        AuditEvents.await(Map.of("type", "client_deleted", "client_id", clientId), e -> true),
                        "consents_removed"))
                .isEqualTo(2);
    }

    @Test
    void registrationDeleteWhenTokenWrongOrOfAnotherClientThen401AndClientKept() {
        Response registered = register(Admin.initialAccessToken(), METADATA);
        Response other = register(Admin.initialAccessToken(), METADATA);
        String clientId = registered.path("client_id");
        for (String wrong : List.of("wrong", other.<String>path("registration_access_token"))) {
            RestAssured.given()
                    .header("Authorization", "Bearer " + wrong)
                    .delete("/oauth/register/" + clientId)
                    .then()
                    .statusCode(401)
                    .body("error", equalTo("invalid_token"));
        }
        RestAssured.given().delete("/oauth/register/" + clientId).then().statusCode(401);
        read(clientId, registered.path("registration_access_token")).then().statusCode(200);
    }

    private static Response read(String clientId, String token) {
        return RestAssured.given().header("Authorization", "Bearer " + token).get("/oauth/register/" + clientId);
    }

    @Test
    void registerWhenLogoAndPagesSentThenStoredAndReturned() {
        Response registered = register(Admin.initialAccessToken(), withLinks(METADATA));
        registered.then().statusCode(201);
        for (Response answer :
                List.of(registered, read(registered.path("client_id"), registered.path("registration_access_token")))) {
            answer.then()
                    .body("logo_uri", equalTo(LINKS.get("logo_uri")))
                    .body("client_uri", equalTo(LINKS.get("client_uri")))
                    .body("policy_uri", equalTo(LINKS.get("policy_uri")))
                    .body("tos_uri", equalTo(LINKS.get("tos_uri")));
        }
        register(Admin.initialAccessToken(), METADATA)
                .then()
                .statusCode(201)
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("logo_uri")));
    }

    @Test
    void registerWhenLogoOrPageNotHttpsOrBadHostThenInvalidClientMetadata() {
        for (String member : LINKS.keySet()) {
            for (String bad : List.of(
                    "http://blog.example.org/x", "https://localhost/x", "javascript:alert(1)", "data:image/png,AA")) {
                Map<String, Object> metadata = new java.util.HashMap<>(METADATA);
                metadata.put(member, bad);
                register(Admin.initialAccessToken(), metadata)
                        .then()
                        .statusCode(400)
                        .body("error", equalTo("invalid_client_metadata"))
                        .body("error_description", org.hamcrest.Matchers.startsWith(member + " "));
            }
        }
    }

    @Test
    void consentWhenClientUnverifiedThenNoLogoNorPagesOnlyTheRedirectAddressAndOnceVerifiedBoth() {
        Map<String, Object> metadata = withLinks(METADATA);
        metadata.put("redirect_uris", List.of(TestClients.REDIRECT));
        Response registered = register(Admin.initialAccessToken(), metadata);
        String clientId = registered.path("client_id");
        String unverified = consentPage(clientId, registered.path("client_secret"));
        assertThat(unverified).contains("not verified").contains(TestClients.REDIRECT);
        LINKS.values().forEach(link -> assertThat(unverified).doesNotContain(link));

        verify(clientId);
        String verified = consentPage(clientId, registered.path("client_secret"));
        assertThat(verified)
                .contains("Verified app")
                .contains("<img class=\"client-logo\" src=\"" + LINKS.get("logo_uri") + "\"")
                .contains("href=\"" + LINKS.get("client_uri") + "\"")
                .contains("href=\"" + LINKS.get("policy_uri") + "\"")
                .contains("href=\"" + LINKS.get("tos_uri") + "\"")
                .doesNotContain("not verified");
    }

    private static final Map<String, String> LINKS = Map.of(
            "logo_uri", "https://blog.example.org/logo.png",
            "client_uri", "https://blog.example.org/",
            "policy_uri", "https://blog.example.org/privacy",
            "tos_uri", "https://blog.example.org/terms");

    private static Map<String, Object> withLinks(Map<String, Object> metadata) {
        Map<String, Object> with = new java.util.HashMap<>(metadata);
        with.putAll(LINKS);
        return with;
    }

    /** The consent page a fresh person sees for the client (openid email), as HTML. */
    private static String consentPage(String clientId, String secret) {
        TestClients person = TestClients.forClient(clientId, secret);
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", person.authorizeParams("openid email"));
        return browser.post(
                        "/signin",
                        Map.of(
                                "request",
                                Browser.hidden(page, "request"),
                                "csrf",
                                Browser.hidden(page, "csrf"),
                                "email",
                                person.email,
                                "password",
                                TestClients.PASSWORD))
                .asString();
    }

    private static void verify(String clientId) {
        Admin.admin()
                .body(Map.of("verified_by", "staff@example.test"))
                .post("/admin/clients/" + clientId + "/verify")
                .then()
                .statusCode(200);
    }

    @Test
    void registrationUpdateWhenClientIdMissingOrBadMetadataThen400() {
        Response registered = register(Admin.initialAccessToken(), METADATA);
        String clientId = registered.path("client_id");
        String token = registered.path("registration_access_token");
        update(clientId, token, METADATA).then().statusCode(400).body("error", equalTo("invalid_client_metadata"));
        Map<String, Object> bad = new java.util.HashMap<>(METADATA);
        bad.put("client_id", clientId);
        bad.put("redirect_uris", List.of("http://evil.example/cb"));
        update(clientId, token, bad).then().statusCode(400).body("error", equalTo("invalid_redirect_uri"));
    }

    private static Response update(String clientId, String token, Map<String, Object> metadata) {
        return RestAssured.given()
                .header("Authorization", "Bearer " + token)
                .contentType(ContentType.JSON)
                .body(metadata)
                .put("/oauth/register/" + clientId);
    }

    private static Response register(String token, Map<String, Object> metadata) {
        return RestAssured.given()
                .header("Authorization", "Bearer " + token)
                .contentType(ContentType.JSON)
                .body(metadata)
                .post("/oauth/register");
    }
}
