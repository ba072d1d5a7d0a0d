package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
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
        assertThat(options.getHeader("Location")).endsWith(CONFIRM);
        assertThat(add.statusCode()).isEqualTo(303);
        assertThat(add.getHeader("Location")).endsWith(CONFIRM);
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

        assertThat(remove.getHeader("Location")).endsWith(CONFIRM);
        assertThat(borrowed.get("/account", Map.of()).asString()).contains("Phone");
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

    private static String passkeyId(Response accountPage) {
        Matcher m = Pattern.compile("data-passkey=\"([^\"]+)\"").matcher(accountPage.asString());
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
