package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Changing how a person signs in needs a recent sign-in (README, Passkeys, "Changes need a recent sign-in"), probed as
 * with a borrowed session: its cookie and the page's CSRF token, six minutes after the sign-in.
 */
@QuarkusTest
class RecentSignInResourceTest {

    private static final Duration PAST_THE_WINDOW = Duration.ofMinutes(6);
    private static final String CONFIRM = "/account/confirm";

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void addWhenSignInNotRecentThenRefusedAndAskedToSignInAgain() {
        TestClients person = TestClients.create();
        Browser borrowed = AccountPages.signedIn(person);
        // Even a registration made for a challenge issued while the sign-in was recent is refused once it is not.
        String credential = PasskeyCeremony.authenticator().register(PasskeyCeremony.creationOptions(borrowed));
        clock.advance(PAST_THE_WINDOW);
        String csrf = Browser.hidden(borrowed.get("/account", Map.of()), "csrf");

        Response options = borrowed.post("/account/passkeys/options", Map.of("csrf", csrf));
        Response add =
                borrowed.post("/account/passkeys", Map.of("csrf", csrf, "name", "Planted", "credential", credential));

        assertThat(options.statusCode()).isEqualTo(303);
        assertThat(options.getHeader("Location")).contains(CONFIRM + "?request=");
        assertThat(add.statusCode()).isEqualTo(303);
        assertThat(add.getHeader("Location")).contains(CONFIRM + "?request=");
        assertThat(borrowed.get("/account", Map.of()).asString())
                .doesNotContain("Planted")
                .contains("You have no passkeys yet.");
    }

    @Test
    void removeWhenSignInNotRecentThenRefusedAndKept() {
        TestClients person = TestClients.create();
        Browser borrowed = AccountPages.signedIn(person);
        PasskeyCeremony.add(borrowed, PasskeyCeremony.authenticator(), "Phone")
                .then()
                .statusCode(303);
        clock.advance(PAST_THE_WINDOW);
        Response page = borrowed.get("/account", Map.of());

        Response remove = borrowed.post(
                "/account/passkeys/remove", Map.of("csrf", Browser.hidden(page, "csrf"), "id", passkeyId(page)));

        assertThat(remove.getHeader("Location")).contains(CONFIRM + "?request=");
        assertThat(borrowed.get("/account", Map.of()).asString()).contains("Phone");
    }

    @Test
    void removeWhenConfirmedThenRemovedWithoutPressingAgain() {
        TestClients person = TestClients.create();
        Browser browser = AccountPages.signedIn(person);
        PasskeyCeremony.add(browser, PasskeyCeremony.authenticator(), "Phone")
                .then()
                .statusCode(303);
        clock.advance(PAST_THE_WINDOW);

        Response confirm = confirmPage(browser, pressRemove(browser));
        assertThat(confirm.asString()).contains("value=\"" + person.email + "\"");
        Response signedIn = person.signIn(browser, confirm);

        assertThat(signedIn.getHeader("Location")).endsWith("/account#passkeys");
        AuditEvents.await(
                Map.of("type", "passkey_removed", "account_id", person.accountId),
                e -> "Phone".equals(AuditEvents.detail(e, "name")));
        assertThat(browser.get("/account", Map.of()).asString()).doesNotContain("data-passkey=");
    }

    @Test
    void addWhenConfirmedThenAccountPageStartsTheCeremonyOnceWithTheNameKept() {
        TestClients person = TestClients.create();
        Browser browser = AccountPages.signedIn(person);
        clock.advance(PAST_THE_WINDOW);
        String csrf = Browser.hidden(browser.get("/account", Map.of()), "csrf");
        Response options = browser.post("/account/passkeys/options", Map.of("csrf", csrf, "name", " Laptop "));

        Response signedIn = person.signIn(browser, confirmPage(browser, options));
        String resume = signedIn.getHeader("Location");
        assertThat(resume).matches(".*/account\\?resume=[A-Za-z0-9_-]+#passkeys");

        String page = browser.get(path(resume), Map.of()).asString();
        assertThat(page).contains("data-resume=\"add\"").contains("value=\"Laptop\"");
        assertThat(browser.get(path(resume), Map.of()).asString())
                .as("once only")
                .doesNotContain("data-resume");
        assertThat(PasskeyCeremony.add(browser, PasskeyCeremony.authenticator(), "Laptop")
                        .statusCode())
                .isEqualTo(303);
        assertThat(browser.get("/account", Map.of()).asString()).contains("Laptop");
    }

    @Test
    void confirmWhenItsRequestWasMadeInAnotherBrowserThenNoChangeCarried() {
        TestClients person = TestClients.create();
        Browser first = AccountPages.signedIn(person);
        PasskeyCeremony.add(first, PasskeyCeremony.authenticator(), "Phone")
                .then()
                .statusCode(303);
        Browser second = AccountPages.signedIn(person);
        clock.advance(PAST_THE_WINDOW);
        String confirmUrl = pressRemove(first).getHeader("Location");

        // The same address opened in another browser of the same person (or sent to them): a plain confirmation.
        Response elsewhere = second.get(path(confirmUrl), Map.of());
        assertThat(Browser.hidden(elsewhere, "request")).isNotEqualTo(requestOf(confirmUrl));
        assertThat(person.signIn(second, elsewhere).getHeader("Location")).endsWith("/account#passkeys");
        assertThat(second.get("/account", Map.of()).asString()).contains("Phone");
        assertThat(second.get("/account", Map.of("resume", requestOf(confirmUrl)))
                        .asString())
                .doesNotContain("data-resume");
    }

    @Test
    void confirmWhenAnotherAccountSignsInThenTheChangeIsNotTheirs() {
        TestClients person = TestClients.create();
        TestClients other = TestClients.forClient(person.clientId, person.secret);
        Browser browser = AccountPages.signedIn(person);
        PasskeyCeremony.add(browser, PasskeyCeremony.authenticator(), "Phone")
                .then()
                .statusCode(303);
        Browser witness = AccountPages.signedIn(person);
        clock.advance(PAST_THE_WINDOW);

        Response confirm = confirmPage(browser, pressRemove(browser));
        assertThat(other.signIn(browser, confirm).getHeader("Location")).endsWith("/account#passkeys");

        assertThat(browser.get("/account", Map.of()).asString()).contains(other.email);
        assertThat(witness.get("/account", Map.of()).asString()).contains("Phone");
    }

    @Test
    void confirmWhenPasswordSignsInAgainThenChangesAllowed() {
        TestClients person = TestClients.create();
        Browser browser = AccountPages.signedIn(person);
        clock.advance(PAST_THE_WINDOW);

        Response confirm = browser.get(CONFIRM, Map.of());
        assertThat(confirm.statusCode()).isEqualTo(200);
        assertThat(confirm.asString())
                .contains("To change how you sign in, confirm it is you")
                .contains("value=\"" + person.email + "\"");
        Response signedIn = person.signIn(browser, confirm);
        assertThat(signedIn.statusCode()).isEqualTo(303);
        assertThat(signedIn.getHeader("Location")).endsWith("/account#passkeys");

        assertThat(PasskeyCeremony.add(browser, PasskeyCeremony.authenticator(), "Laptop")
                        .statusCode())
                .isEqualTo(303);
        assertThat(browser.get("/account", Map.of()).asString()).contains("Laptop");
    }

    @Test
    void confirmWhenAnExistingPasskeySignsInAgainThenChangesAllowed() {
        TestClients person = TestClients.create();
        Browser browser = AccountPages.signedIn(person);
        TestAuthenticator phone = PasskeyCeremony.authenticator();
        PasskeyCeremony.add(browser, phone, "Phone").then().statusCode(303);
        clock.advance(PAST_THE_WINDOW);

        Response confirm = browser.get(CONFIRM, Map.of());
        assertThat(PasskeyCeremony.signIn(browser, confirm, phone).getHeader("Location"))
                .endsWith("/account#passkeys");

        assertThat(PasskeyCeremony.add(browser, PasskeyCeremony.authenticator(), "Laptop")
                        .statusCode())
                .isEqualTo(303);
    }

    @Test
    void confirmWhenSignedOutThenAccountHome() {
        Response answer = new Browser().get(CONFIRM, Map.of());
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(answer.getHeader("Location")).endsWith("/account");
    }

    /** Presses Remove on the person's only passkey; answers the response. */
    private static Response pressRemove(Browser browser) {
        Response page = browser.get("/account", Map.of());
        return browser.post(
                "/account/passkeys/remove", Map.of("csrf", Browser.hidden(page, "csrf"), "id", passkeyId(page)));
    }

    /** Follows the refused change to the page that confirms who it is. */
    private static Response confirmPage(Browser browser, Response refused) {
        assertThat(refused.statusCode()).isEqualTo(303);
        String location = refused.getHeader("Location");
        assertThat(location).contains(CONFIRM + "?request=");
        Response page = browser.get(path(location), Map.of());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(Browser.hidden(page, "request")).isEqualTo(requestOf(location));
        return page;
    }

    /** The path and query of a Location (the Browser adds the test port), without its fragment. */
    private static String path(String location) {
        URI uri = URI.create(location);
        return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    private static String requestOf(String location) {
        Matcher m = Pattern.compile("[?&](?:request|resume)=([^&#]+)").matcher(location);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String passkeyId(Response accountPage) {
        Matcher m = Pattern.compile("data-passkey=\"([^\"]+)\"").matcher(accountPage.asString());
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
