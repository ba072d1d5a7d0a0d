package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The claims request parameter (OIDC Core §5.5; README, "Conformance"): single claims in the ID token and user info as
 * asked, only known ones, only after consent to their scope, kept through refresh; an essential acr met only by a
 * passkey or answered unmet_authentication_requirements; malformed JSON refused as invalid_request.
 */
@QuarkusTest
class ClaimsParameterResourceTest {

    private static final String ESSENTIAL_PHR = "{\"id_token\":{\"acr\":{\"essential\":true,\"values\":[\"phr\"]}}}";

    @Test
    void discoveryWhenAskedThenClaimsParameterSupported() {
        assertThat(RestAssured.get("/.well-known/openid-configuration")
                        .jsonPath()
                        .getBoolean("claims_parameter_supported"))
                .isTrue();
    }

    @Test
    void claimsWhenAskedInBothMembersThenEachDeliveredWhereAskedAndKeptThroughRefresh() {
        TestClients person = TestClients.create();
        Browser browser = new Browser();
        Map<String, String> params = withClaims(
                person.authorizeParams("openid offline_access"),
                "{\"id_token\":{\"email\":{\"essential\":true},\"shoe_size\":null},"
                        + "\"userinfo\":{\"name\":null,\"licenses\":null,\"shoe_size\":{\"essential\":true}}}");

        Response consent = person.signIn(browser, browser.get("/oauth/authorize", params));
        assertThat(scopesAsked(consent))
                .as("the claims' scopes are asked for like scopes")
                .containsExactly("openid", "profile", "email", "licenses:read", "offline_access");
        Response tokens = person.exchange(
                TestClients.query(TestClients.allow(browser, consent)).get("code"));
        tokens.then().statusCode(200);

        assertThat(tokens.<String>path("scope"))
                .as("the grant's scope is what was asked")
                .isEqualTo("openid offline_access");
        JsonNode idToken = claims(tokens.path("id_token"));
        assertThat(idToken.get("email").asText()).isEqualTo(person.email);
        assertThat(idToken.has("name")).as("name was asked for user info only").isFalse();
        assertThat(idToken.has("email_verified"))
                .as("only the claim asked for, not its scope's")
                .isFalse();
        assertThat(idToken.has("shoe_size")).isFalse();
        Map<String, Object> userInfo = TestClients.userInfo(tokens.path("access_token"));
        assertThat(userInfo).containsOnlyKeys("sub", "name", "licenses");

        Response refreshed = person.refresh(tokens.path("refresh_token"));
        refreshed.then().statusCode(200);
        assertThat(claims(refreshed.path("id_token")).get("email").asText()).isEqualTo(person.email);
        assertThat(TestClients.userInfo(refreshed.path("access_token"))).containsOnlyKeys("sub", "name", "licenses");
    }

    @Test
    void claimsWhenTheirScopeAlreadyConsentedThenNoConsentAskedAndWhenNotThenAskedAgain() {
        TestClients person = TestClients.create();
        Browser browser = new Browser();
        person.code(browser, "openid email");

        Map<String, String> covered =
                withClaims(person.authorizeParams("openid"), "{\"userinfo\":{\"email_verified\":null}}");
        Response tokens = person.exchange(
                TestClients.query(browser.get("/oauth/authorize", covered)).get("code"));
        assertThat(TestClients.userInfo(tokens.path("access_token"))).containsOnlyKeys("sub", "email_verified");

        Map<String, String> more = withClaims(person.authorizeParams("openid"), "{\"id_token\":{\"name\":null}}");
        Response consent = browser.get("/oauth/authorize", more);
        assertThat(consent.statusCode()).isEqualTo(200);
        assertThat(scopesAsked(consent)).containsExactly("profile");
        more.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", more))).containsEntry("error", "consent_required");
    }

    @Test
    void claimsWhenClientMayNotAskForTheirScopeThenIgnored() {
        TestClients base = TestClients.create();
        String clientId = base.clientId + "-narrow";
        String secret = Admin.saveClient(
                clientId, List.of(TestClients.REDIRECT), "openid email", "client_secret_basic", List.of());
        TestClients person = TestClients.forClient(clientId, secret);
        Browser browser = new Browser();
        Map<String, String> params = withClaims(
                person.authorizeParams("openid"), "{\"userinfo\":{\"roles\":null,\"licenses\":null,\"email\":null}}");

        Response consent = person.signIn(browser, browser.get("/oauth/authorize", params));
        assertThat(scopesAsked(consent)).containsExactly("openid", "email");
        Response tokens = person.exchange(
                TestClients.query(TestClients.allow(browser, consent)).get("code"));
        assertThat(TestClients.userInfo(tokens.path("access_token"))).containsOnlyKeys("sub", "email");
    }

    @Test
    void authorizeWhenClaimsMalformedOrOfWrongTypesThenInvalidRequestWithState() {
        TestClients person = TestClients.create();
        for (String claims : List.of(
                "{\"userinfo\":",
                "[\"email\"]",
                "{}",
                "{\"userinfo\":{\"email\":\"yes\"}}",
                "{\"id_token\":{\"acr\":{\"essential\":\"true\",\"values\":[\"phr\"]}}}",
                "{\"userinfo\":{\"name\":{\"values\":\"phr\"}}}")) {
            Map<String, String> params = withClaims(person.authorizeParams("openid"), claims);
            Map<String, String> back = TestClients.query(new Browser().get("/oauth/authorize", params));
            assertThat(back).as(claims).containsEntry("error", "invalid_request");
            assertThat(back.get("state")).isEqualTo(params.get("state"));
        }
        Map<String, String> tooLong = withClaims(
                person.authorizeParams("openid"), "{\"userinfo\":{\"name\":null" + ",\"x\":null".repeat(300) + "}}");
        assertThat(TestClients.query(new Browser().get("/oauth/authorize", tooLong)))
                .containsEntry("error", "invalid_request");
    }

    @Test
    void authorizeWhenEssentialAcrOnlyOfValuesNeverClaimedThenUnmetAtOnce() {
        TestClients person = TestClients.create();
        Map<String, String> params = withClaims(
                person.authorizeParams("openid"),
                "{\"id_token\":{\"acr\":{\"essential\":true,\"values\":[\"urn:example:gold\"]}}}");
        Map<String, String> back = TestClients.query(new Browser().get("/oauth/authorize", params));
        assertThat(back).containsEntry("error", "unmet_authentication_requirements");
        assertThat(back.get("state")).isEqualTo(params.get("state"));
    }

    @Test
    void authorizeWhenEssentialPhrThenPasskeyOnlyAndPasswordOrGivingUpIsUnmet() {
        TestClients person = TestClients.create();
        Browser browser = new Browser();
        Map<String, String> params = withClaims(person.authorizeParams("openid"), ESSENTIAL_PHR);

        Response page = browser.get("/oauth/authorize", params);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.asString())
                .contains("This app accepts only a passkey")
                .contains("id=\"passkey-form\"")
                .contains("action=\"/signin/cancel\"")
                .doesNotContain("name=\"password\"");
        Map<String, String> passwordAnyway = TestClients.query(person.signIn(browser, page));
        assertThat(passwordAnyway).containsEntry("error", "unmet_authentication_requirements");
        assertThat(passwordAnyway.get("state")).isEqualTo(params.get("state"));
        assertThat(browser.get("/account", Map.of()).asString())
                .as("the password signed nobody in")
                .contains("name=\"password\"");

        Response again = browser.get("/oauth/authorize", params);
        Map<String, String> gaveUp = TestClients.query(browser.post(
                "/signin/cancel",
                Map.of("request", Browser.hidden(again, "request"), "csrf", Browser.hidden(again, "csrf"))));
        assertThat(gaveUp).containsEntry("error", "unmet_authentication_requirements");
        assertThat(gaveUp.get("state")).isEqualTo(params.get("state"));
        assertThat(gaveUp.get("iss")).isNotBlank();

        params.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", params))).containsEntry("error", "login_required");
    }

    @Test
    void authorizeWhenEssentialPhrAndPasswordSessionThenPasskeySignInAndAcrPhr() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = PasskeyCeremony.authenticator();
        Browser browser = AccountPages.signedIn(person);
        PasskeyCeremony.add(browser, authenticator, "Key").then().statusCode(303);
        person.code(browser, "openid");
        Map<String, String> params = withClaims(person.authorizeParams("openid"), ESSENTIAL_PHR);

        Map<String, String> silent = new HashMap<>(params);
        silent.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", silent)))
                .as("a password session does not meet it")
                .containsEntry("error", "login_required");
        Response page = browser.get("/oauth/authorize", params);
        assertThat(page.asString()).contains("This app accepts only a passkey");
        Response back = PasskeyCeremony.signIn(browser, page, authenticator);
        JsonNode idToken =
                claims(person.exchange(TestClients.query(back).get("code")).path("id_token"));

        assertThat(idToken.get("acr").asText()).isEqualTo("phr");
        assertThat(TestClients.query(browser.get("/oauth/authorize", silent)))
                .as("the passkey session meets it")
                .containsKey("code");
    }

    @Test
    void authorizeWhenAcrAskedVoluntarilyThenPasswordSignsInWithoutAcr() {
        TestClients person = TestClients.create();
        Browser browser = new Browser();
        Map<String, String> params = withClaims(
                person.authorizeParams("openid"), "{\"id_token\":{\"acr\":{\"values\":[\"phr\"]},\"auth_time\":null}}");

        Response page = browser.get("/oauth/authorize", params);
        assertThat(page.asString()).contains("name=\"password\"").doesNotContain("accepts only a passkey");
        Response consent = person.signIn(browser, page);
        JsonNode idToken = claims(person.exchange(
                        TestClients.query(TestClients.allow(browser, consent)).get("code"))
                .path("id_token"));
        assertThat(idToken.has("acr")).isFalse();
        assertThat(idToken.has("auth_time")).isTrue();
    }

    @Test
    void authorizeWhenSubAskedForIsAnotherPersonThenSignInAgainAndNeverTheirToken() {
        TestClients person = TestClients.create();
        TestClients other = TestClients.forClient(person.clientId, person.secret);
        Browser browser = new Browser();
        person.code(browser, "openid");
        Map<String, String> forOther = withClaims(
                person.authorizeParams("openid"), "{\"id_token\":{\"sub\":{\"value\":\"" + other.accountId + "\"}}}");

        Map<String, String> silent = new HashMap<>(forOther);
        silent.put("prompt", "none");
        assertThat(TestClients.query(browser.get("/oauth/authorize", silent))).containsEntry("error", "login_required");
        Response page = browser.get("/oauth/authorize", forOther);
        assertThat(page.asString()).contains("name=\"password\"");
        Map<String, String> wrongPerson = TestClients.query(person.signIn(browser, page));
        assertThat(wrongPerson).containsEntry("error", "login_required").doesNotContainKey("code");

        Map<String, String> forPerson = withClaims(
                person.authorizeParams("openid"), "{\"id_token\":{\"sub\":{\"value\":\"" + person.accountId + "\"}}}");
        String code =
                TestClients.query(browser.get("/oauth/authorize", forPerson)).get("code");
        assertThat(claims(person.exchange(code).path("id_token")).get("sub").asText())
                .isEqualTo(person.accountId);
    }

    private static Map<String, String> withClaims(Map<String, String> params, String claims) {
        Map<String, String> all = new HashMap<>(params);
        all.put("claims", claims);
        return all;
    }

    private static List<String> scopesAsked(Response consentPage) {
        assertThat(consentPage.statusCode()).as(consentPage.asString()).isEqualTo(200);
        String page = consentPage.asString();
        String asked = page.substring(page.indexOf("<ul class=\"scopes\">"));
        asked = asked.substring(0, asked.indexOf("</ul>"));
        List<String> scopes = new ArrayList<>();
        Matcher m = Pattern.compile("data-scope=\"([^\"]+)\"").matcher(asked);
        while (m.find()) {
            scopes.add(m.group(1));
        }
        return scopes;
    }

    private static JsonNode claims(String idToken) {
        try {
            return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(idToken.split("\\.", -1)[1]));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
