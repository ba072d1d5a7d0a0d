package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Passkeys over HTTP, as the pages' script drives them, with a software authenticator (README, "Passkeys"). */
@QuarkusTest
class PasskeyResourceTest {

    private static final String REFUSED = "That passkey could not sign you in.";

    @Test
    void signInWithPasskeyWhenAddedOnAccountPageThenCodeAndIdTokenSayPopAndUser() throws Exception {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = PasskeyCeremony.authenticator();
        Browser home = AccountPages.signedIn(person);
        assertThat(PasskeyCeremony.add(home, authenticator, "Work laptop").statusCode())
                .isEqualTo(303);
        String page = home.get("/account", Map.of()).asString();
        assertThat(page).contains("Work laptop").contains("last used never");
        AuditEvents.await(
                Map.of("type", "passkey_added", "account_id", person.accountId),
                e -> "Work laptop".equals(AuditEvents.detail(e, "name")));

        Browser browser = new Browser();
        Map<String, String> params = person.authorizeParams("openid");
        Response signInPage = browser.get("/oauth/authorize", params);
        Response consent = PasskeyCeremony.signIn(browser, signInPage, authenticator);
        assertThat(consent.statusCode()).as(consent.asString()).isEqualTo(200);
        Response back = TestClients.allow(browser, consent);
        String code = TestClients.query(back).get("code");
        Response tokens = person.exchange(code);
        tokens.then().statusCode(200);

        JsonNode claims = claims(tokens.path("id_token"));
        assertThat(claims.get("sub").asText()).isEqualTo(person.accountId);
        assertThat(claims.get("amr").toString()).isEqualTo("[\"pop\",\"user\"]");
        assertThat(home.get("/account", Map.of()).asString()).doesNotContain("last used never");
        Map<String, Object> signIn = AuditEvents.await(
                Map.of("type", "sign_in", "account_id", person.accountId),
                e -> "passkey".equals(AuditEvents.detail(e, "method")));
        assertThat(signIn.get("client_id")).isEqualTo(person.clientId);
    }

    @Test
    void signInWhenPasswordThenAmrStaysPwd() {
        TestClients person = TestClients.create();
        Response tokens = person.exchange(person.code(new Browser(), "openid"));
        assertThat(claims(tokens.path("id_token")).get("amr").toString()).isEqualTo("[\"pwd\"]");
    }

    @Test
    void authorizeWhenAcrPhrAndNoPasskeyThenPasswordSignsInAndNoAcrIsClaimed() {
        TestClients person = TestClients.create();
        Browser browser = new Browser();
        Map<String, String> params = phr(person);

        Response page = browser.get("/oauth/authorize", params);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.asString())
                .contains("name=\"password\"")
                .contains("This app asks for a passkey")
                .containsSubsequence("id=\"passkey\"", "action=\"/signin\"");
        Response consent = person.signIn(browser, page);
        JsonNode claims = claims(person.exchange(
                        TestClients.query(TestClients.allow(browser, consent)).get("code"))
                .path("id_token"));

        assertThat(claims.get("amr").toString()).isEqualTo("[\"pwd\"]");
        assertThat(claims.has("acr")).as("acr says what was done: no passkey").isFalse();
        // The password session goes on without asking again: the person has no passkey to offer.
        assertThat(TestClients.query(browser.get("/oauth/authorize", params))).containsKey("code");
    }

    @Test
    void authorizeWhenAcrPhrAndPasswordSessionOfAPasskeyHolderThenPasskeyOfferedAndEitherSignsIn() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = added(person);
        Browser browser = new Browser();
        Response withPassword = person.exchange(person.code(browser, "openid"));
        assertThat(claims(withPassword.path("id_token")).has("acr")).isFalse();
        Map<String, String> params = phr(person);

        Response byPassword = browser.get("/oauth/authorize", params);
        assertThat(byPassword.asString())
                .contains("This app asks for a passkey")
                .contains("name=\"password\"");
        Response back = person.signIn(browser, byPassword);
        assertThat(back.statusCode()).as("a password still signs in").isEqualTo(303);
        assertThat(claims(person.exchange(TestClients.query(back).get("code")).path("id_token"))
                        .has("acr"))
                .isFalse();

        Response byPasskey = browser.get("/oauth/authorize", params);
        back = PasskeyCeremony.signIn(browser, byPasskey, authenticator);
        JsonNode claims =
                claims(person.exchange(TestClients.query(back).get("code")).path("id_token"));
        assertThat(claims.get("acr").asText()).isEqualTo("phr");
        assertThat(claims.get("amr").toString()).isEqualTo("[\"pop\",\"user\"]");
        // The passkey session now satisfies phr without asking again.
        assertThat(TestClients.query(browser.get("/oauth/authorize", params))).containsKey("code");
    }

    private static Map<String, String> phr(TestClients person) {
        Map<String, String> params = new java.util.HashMap<>(person.authorizeParams("openid"));
        params.put("acr_values", "urn:example:unknown phr");
        return params;
    }

    @Test
    void authorizeWhenAcrValuesUnknownThenIgnored() {
        TestClients person = TestClients.create();
        Map<String, String> params = new java.util.HashMap<>(person.authorizeParams("openid"));
        params.put("acr_values", "urn:example:gold");
        Response tokens = person.exchange(TestClients.query(person.signInAndConsent(new Browser(), params))
                .get("code"));
        assertThat(claims(tokens.path("id_token")).get("amr").toString()).isEqualTo("[\"pwd\"]");
    }

    @Test
    void discoveryWhenAskedThenAdvertisesOnlyPhr() {
        Response discovery = io.restassured.RestAssured.get("/.well-known/openid-configuration");
        assertThat(discovery.jsonPath().getList("acr_values_supported")).containsExactly("phr");
        assertThat(discovery.jsonPath().getList("claims_supported")).contains("acr", "amr");
    }

    @Test
    void signInWhenChallengeReplayedThenRefused() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = added(person);
        Browser browser = new Browser();
        Response page = browser.get("/account", Map.of());
        String credential = authenticator.authenticate(PasskeyCeremony.requestOptions(browser, page));
        assertThat(PasskeyCeremony.signIn(browser, page, credential).statusCode())
                .isEqualTo(303);

        Browser attacker = new Browser();
        Response attackerPage = attacker.get("/account", Map.of());
        Response replayed = PasskeyCeremony.signIn(attacker, attackerPage, credential);
        assertThat(replayed.statusCode()).isEqualTo(200);
        assertThat(replayed.asString()).contains(REFUSED);
    }

    @Test
    void signInWhenChallengePushedOutByNewerOnesThenRefusedAndTheNewestSignsIn() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = added(person);
        Browser browser = new Browser();
        Response page = browser.get("/account", Map.of());
        Map<String, Object> oldest = PasskeyCeremony.requestOptions(browser, page);
        Map<String, Object> newest = oldest;
        for (int i = 0; i < PasskeyChallenges.LIVE_PER_CEREMONY; i++) {
            newest = PasskeyCeremony.requestOptions(browser, page);
        }

        assertThat(PasskeyCeremony.signIn(browser, page, authenticator.authenticate(oldest))
                        .asString())
                .contains(REFUSED);
        assertThat(PasskeyCeremony.signIn(browser, page, authenticator.authenticate(newest))
                        .statusCode())
                .isEqualTo(303);
    }

    @Test
    void signInWhenChallengeOfAnotherSignInPageThenRefused() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = added(person);
        Browser browser = new Browser();
        Response first = browser.get("/account", Map.of());
        Response second = browser.get("/account", Map.of());
        String credential = authenticator.authenticate(PasskeyCeremony.requestOptions(browser, first));

        assertThat(PasskeyCeremony.signIn(browser, second, credential).asString())
                .contains(REFUSED);
    }

    @Test
    void signInWhenCounterDoesNotRiseThenClonedAuthenticatorRefusedAndAudited() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = added(person);
        authenticator.counter(7);
        Browser browser = new Browser();
        assertThat(PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), authenticator)
                        .statusCode())
                .isEqualTo(303);

        // The clone signs with the counter value the original already used.
        authenticator.counter(7);
        Browser clone = new Browser();
        Response refused = PasskeyCeremony.signIn(clone, clone.get("/account", Map.of()), authenticator);

        assertThat(refused.asString()).contains(REFUSED);
        assertThat(clone.cookie("pr_session")).isNull();
        Map<String, Object> event = AuditEvents.await(
                Map.of("type", "sign_in_failed", "account_id", person.accountId),
                e -> "cloned_authenticator".equals(AuditEvents.detail(e, "reason")));
        assertThat(AuditEvents.detail(event, "cause")).isEqualTo("passkey_cloned");
    }

    @Test
    void signInWhenUserHandleOfAnotherAccountThenRefused() {
        TestClients victim = TestClients.create();
        TestAuthenticator attackers = added(TestClients.create());
        attackers.userHandle(PasskeyVerifier.userHandle(UUID.fromString(victim.accountId)));
        Browser browser = new Browser();

        Response refused = PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), attackers);

        assertThat(refused.asString()).contains(REFUSED);
        assertThat(browser.cookie("pr_session")).isNull();
    }

    @Test
    void signInWhenCredentialUnknownThenSameRefusal() {
        TestAuthenticator stranger = PasskeyCeremony.authenticator();
        stranger.userHandle(PasskeyVerifier.userHandle(UUID.randomUUID()));
        Browser browser = new Browser();
        Response page = browser.get("/account", Map.of());
        Response refused = PasskeyCeremony.signIn(
                browser, page, stranger.authenticateWithoutRegistering(PasskeyCeremony.requestOptions(browser, page)));

        assertThat(refused.statusCode()).isEqualTo(200);
        assertThat(refused.asString()).contains(REFUSED);
    }

    @Test
    void signInWhenWrongOriginOrNoUserVerificationThenRefused() {
        TestClients person = TestClients.create();
        TestAuthenticator authenticator = added(person);
        Browser browser = new Browser();

        authenticator.origin("https://phish.example");
        assertThat(PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), authenticator)
                        .asString())
                .contains(REFUSED);
        authenticator.origin(PasskeyCeremony.authenticator().origin()).userVerified(false);
        assertThat(PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), authenticator)
                        .asString())
                .contains(REFUSED);
        authenticator.userVerified(true);
        assertThat(PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), authenticator)
                        .statusCode())
                .isEqualTo(303);
    }

    @Test
    void signInWhenCsrfWrongThenNoChallenge() {
        Browser browser = new Browser();
        Response page = browser.get("/account", Map.of());
        Response options = browser.post(
                "/signin/passkey/options", Map.of("request", Browser.hidden(page, "request"), "csrf", "forged"));
        assertThat(options.statusCode()).isEqualTo(400);
    }

    @Test
    void addWhenUserNotVerifiedThenNotAdded() {
        TestClients person = TestClients.create();
        Browser home = AccountPages.signedIn(person);

        Response refused =
                PasskeyCeremony.add(home, PasskeyCeremony.authenticator().userVerified(false), "Key");

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.asString()).contains("The passkey could not be added.");
        assertThat(home.get("/account", Map.of()).asString()).contains("You have no passkeys yet.");
    }

    @Test
    void addWhenOptionsAskedThenDiscoverableVerifiedAndExistingExcluded() {
        TestClients person = TestClients.create();
        Browser home = AccountPages.signedIn(person);
        TestAuthenticator first = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(home, first, "Phone").then().statusCode(303);

        Map<String, Object> options = PasskeyCeremony.creationOptions(home);

        assertThat(options.get("authenticatorSelection"))
                .isEqualTo(
                        Map.of("residentKey", "required", "requireResidentKey", true, "userVerification", "required"));
        assertThat(options.get("attestation")).isEqualTo("none");
        List<Object> excluded = ((List<?>) options.get("excludeCredentials"))
                .stream().map(d -> (Object) ((Map<?, ?>) d).get("id")).toList();
        assertThat(excluded).containsExactly(first.credentialId());
        assertThat(((Map<?, ?>) options.get("rp")).get("id")).isEqualTo("localhost");
    }

    @Test
    void addWhenRegistrationPostedTwiceThenSecondRefused() {
        TestClients person = TestClients.create();
        Browser home = AccountPages.signedIn(person);
        String credential = PasskeyCeremony.authenticator().register(PasskeyCeremony.creationOptions(home));
        String csrf = Browser.hidden(home.get("/account", Map.of()), "csrf");
        Map<String, String> form = Map.of("csrf", csrf, "name", "Key", "credential", credential);

        assertThat(home.post("/account/passkeys", form).statusCode()).isEqualTo(303);
        assertThat(home.post("/account/passkeys", form).statusCode()).isEqualTo(400);
    }

    @Test
    void addWhenCredentialIdAlreadyStoredThenNotAddedAgain() {
        TestAuthenticator authenticator = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(AccountPages.signedIn(TestClients.create()), authenticator, "Mine")
                .then()
                .statusCode(303);
        // The same credential id offered again with a fresh challenge, by another account: WebAuthn §7.1 step 22.
        Browser other = AccountPages.signedIn(TestClients.create());

        Response refused = PasskeyCeremony.add(other, authenticator, "Theirs");

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.asString()).contains("The passkey could not be added.");
    }

    @Test
    void removeWhenCsrfRightThenGoneAndAuditedOtherwiseKept() {
        TestClients person = TestClients.create();
        Browser home = AccountPages.signedIn(person);
        PasskeyCeremony.add(home, PasskeyCeremony.authenticator(), "Old phone")
                .then()
                .statusCode(303);
        Response page = home.get("/account", Map.of());
        String id = passkeyId(page);

        assertThat(home.post("/account/passkeys/remove", Map.of("csrf", "forged", "id", id))
                        .statusCode())
                .isEqualTo(400);
        Browser stranger = AccountPages.signedIn(TestClients.create());
        String strangerCsrf = Browser.hidden(stranger.get("/account", Map.of()), "csrf");
        stranger.post("/account/passkeys/remove", Map.of("csrf", strangerCsrf, "id", id))
                .then()
                .statusCode(303);
        assertThat(home.get("/account", Map.of()).asString()).contains("Old phone");

        home.post("/account/passkeys/remove", Map.of("csrf", Browser.hidden(page, "csrf"), "id", id))
                .then()
                .statusCode(303);
        // The audit log is written off the request path: the activity list shows the event once it is stored.
        AuditEvents.await(
                Map.of("type", "passkey_removed", "account_id", person.accountId),
                e -> "Old phone".equals(AuditEvents.detail(e, "name")));
        assertThat(home.get("/account", Map.of()).asString())
                .doesNotContain("data-passkey=")
                .contains("Removed the passkey Old phone");
    }

    @Test
    void addWhenNotSignedInThenSignInPage() {
        Browser browser = new Browser();
        Response answer = browser.post("/account/passkeys/options", Map.of("csrf", "x"));
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(answer.getHeader("Location")).endsWith("/account");
    }

    private static TestAuthenticator added(TestClients person) {
        TestAuthenticator authenticator = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(AccountPages.signedIn(person), authenticator, "Key")
                .then()
                .statusCode(303);
        return authenticator;
    }

    private static String passkeyId(Response accountPage) {
        Matcher m = Pattern.compile("data-passkey=\"([^\"]+)\"").matcher(accountPage.asString());
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static JsonNode claims(String jwt) {
        try {
            return new ObjectMapper()
                    .readTree(new String(
                            Base64.getUrlDecoder().decode(jwt.substring(jwt.indexOf('.') + 1, jwt.lastIndexOf('.'))),
                            StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
