package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Removing a passkey ends what it started (README, Passkeys, "Removing a passkey"): the sessions that signed in with it,
 * and the apps' grants those sessions made; what the password started goes on.
 */
@QuarkusTest
class PasskeyRemovalResourceTest {

    @Test
    void removeWhenSessionsSignedInWithItThenThoseEndAndTheirAppsGrantsAreRevoked() {
        TestClients person = TestClients.create();
        Browser owner = AccountPages.signedIn(person);
        TestAuthenticator lost = PasskeyCeremony.authenticator();
        TestAuthenticator kept = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(owner, lost, "Lost phone").then().statusCode(303);
        PasskeyCeremony.add(owner, kept, "Laptop").then().statusCode(303);

        // Someone holding the lost phone signs in to the account and to an app with it.
        Browser finder = new Browser();
        PasskeyCeremony.signIn(finder, finder.get("/account", Map.of()), lost)
                .then()
                .statusCode(303);
        Browser finderApp = new Browser();
        Map<String, String> params = person.authorizeParams("openid offline_access");
        Response consent = PasskeyCeremony.signIn(finderApp, finderApp.get("/oauth/authorize", params), lost);
        Response finderTokens = person.exchange(
                TestClients.query(TestClients.allow(finderApp, consent)).get("code"));
        finderTokens.then().statusCode(200);
        // The other passkey and the password keep their sessions and grants.
        Browser laptop = new Browser();
        PasskeyCeremony.signIn(laptop, laptop.get("/account", Map.of()), kept)
                .then()
                .statusCode(303);
        Response passwordTokens = person.exchange(person.code(new Browser(), "openid offline_access"));

        Response page = owner.get("/account", Map.of());
        owner.post(
                        "/account/passkeys/remove",
                        Map.of("csrf", Browser.hidden(page, "csrf"), "id", passkeyId(page, "Lost phone")))
                .then()
                .statusCode(303);

        assertThat(signedIn(finder)).as("the session the lost passkey started").isFalse();
        assertThat(signedIn(finderApp)).isFalse();
        assertThat(signedIn(laptop)).as("another passkey's session").isTrue();
        assertThat(signedIn(owner)).as("the password's session").isTrue();
        person.refresh(finderTokens.path("refresh_token")).then().statusCode(400);
        userInfo(finderTokens.path("access_token")).then().statusCode(401);
        person.refresh(passwordTokens.path("refresh_token")).then().statusCode(200);
    }

    @Test
    void removeWhenThisSessionSignedInWithItThenItEndsToo() {
        TestClients person = TestClients.create();
        TestAuthenticator phone = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(AccountPages.signedIn(person), phone, "Phone")
                .then()
                .statusCode(303);
        Browser browser = new Browser();
        PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), phone)
                .then()
                .statusCode(303);

        Response page = browser.get("/account", Map.of());
        browser.post(
                        "/account/passkeys/remove",
                        Map.of("csrf", Browser.hidden(page, "csrf"), "id", passkeyId(page, "Phone")))
                .then()
                .statusCode(303);

        assertThat(signedIn(browser)).isFalse();
    }

    /** The account home answers the person's page to a signed-in browser, the sign-in page otherwise. */
    private static boolean signedIn(Browser browser) {
        return browser.get("/account", Map.of()).asString().contains("action=\"/account/passkeys\"");
    }

    private static Response userInfo(String accessToken) {
        return Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo");
    }

    private static String passkeyId(Response accountPage, String name) {
        Matcher m = Pattern.compile("data-passkey=\"([^\"]+)\">\\s*<h3>" + Pattern.quote(name) + "</h3>")
                .matcher(accountPage.asString());
        assertThat(m.find()).as(name).isTrue();
        return m.group(1);
    }
}
