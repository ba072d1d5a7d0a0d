package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.BrowserApp;
import dev.pressroom.auth.support.IssuerOnTestPortProfile;
import dev.pressroom.auth.support.RealBrowser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.openqa.selenium.virtualauthenticator.Credential;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;

/**
 * Passkeys end to end in Chromium with Selenium's virtual authenticator (no hardware): add one on the account page,
 * sign out, sign in to an app with it, and find the ID token claiming only what was verified (amr "pop" and
 * "user", never "hwk"; acr "phr"); a cloned authenticator (its counter
 * behind) and the credential presented for another account are refused. The pages are opened at
 * http://localhost:port, the RP id derived from the issuer (an IP address cannot be one).
 */
@QuarkusTest
@TestProfile(IssuerOnTestPortProfile.class)
class PasskeysInBrowserResourceTest {

    /** A platform authenticator with user verification, holding discoverable credentials (a passkey). */
    private static final VirtualAuthenticatorOptions AUTHENTICATOR = new VirtualAuthenticatorOptions()
            .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
            .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
            .setHasResidentKey(true)
            .setHasUserVerification(true)
            .setIsUserVerified(true)
            .setIsUserConsenting(true);

    private static RealBrowser browser;

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @BeforeAll
    static void start() throws IOException {
        BrowserApp.start();
        browser = RealBrowser.start("http://localhost:" + IssuerOnTestPortProfile.PORT);
    }

    @AfterAll
    static void stop() throws IOException {
        if (browser != null) {
            browser.close();
        }
        BrowserApp.stop();
    }

    @Test
    void passkeyWhenAddedOnAccountPageThenSignsInToAnAppAndIdTokenSaysPopNotHwk() throws IOException {
        VirtualAuthenticator authenticator = browser.driver.addVirtualAuthenticator(AUTHENTICATOR);
        try {
            accountWithPasskey("grace");
            assertThat(authenticator.getCredentials())
                    .singleElement()
                    .satisfies(c -> assertThat(c.isResidentCredential()).isTrue());

            browser.submit("form[action='/oauth/logout'] button");
            BrowserApp reader = BrowserApp.register("Northwind Reader", true);
            Object noAutofill = withoutAutofill();
            browser.open(reader.authorizeUrl());
            assertThat(browser.find("#email").getAttribute("autocomplete")).isEqualTo("username webauthn");
            assertThat(browser.find("#passkey").isDisplayed()).isTrue();
            assertThat(browser.find("#passkey").getAttribute("data-conditional"))
                    .isNull();
            assertThat(browser.visibleHiddenElements()).isEmpty();
            assertThat(browser.seriousAccessibilityViolations()).isEmpty();
            browser.submit("#passkey-button");
            assertThat(browser.find("h1").getText()).endsWith("wants to access your account");
            browser.submit("button.primary");

            String idToken =
                    reader.exchange(BrowserApp.backAt(browser.url(), "/cb").get("code"));
            JsonNode claims = new ObjectMapper()
                    .readTree(Base64.getUrlDecoder()
                            .decode(idToken.substring(idToken.indexOf('.') + 1, idToken.lastIndexOf('.'))));
            assertThat(claims.get("amr").toString()).isEqualTo("[\"pop\",\"user\"]");
            assertThat(claims.get("acr").asText()).isEqualTo("phr");

            withAutofill(noAutofill);

            browser.open("/account");
            assertThat(browser.find(".passkeys .note").getText()).doesNotEndWith("last used never.");

            // Signed out again, with conditional mediation: the page asks for it on load and the passkey offered in
            // the email field's autofill signs in without a click; consent was given, so the code comes back at once.
            browser.submit("form[action='/oauth/logout'] button");
            browser.open(reader.authorizeUrl());
            new WebDriverWait(browser.driver, Duration.ofSeconds(15))
                    .until(d -> URI.create(d.getCurrentUrl()).getPath().equals("/cb"));
            assertThat(BrowserApp.backAt(browser.url(), "/cb")).containsKey("code");
        } finally {
            browser.driver.removeVirtualAuthenticator(authenticator);
        }
    }

    @Test
    void passkeyWhenClonedOrPresentedForAnotherAccountThenRefusedInTheBrowser() throws IOException {
        VirtualAuthenticator original = browser.driver.addVirtualAuthenticator(AUTHENTICATOR);
        Credential credential;
        String otherAccount;
        try {
            accountWithPasskey("ada");
            browser.submit("form[action='/oauth/logout'] button");
            otherAccount = Admin.createAccount(
                    "other-" + Tokens.random(6).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "x") + "@example.test",
                    TestClients.PASSWORD,
                    "Other Person");
            // One sign-in, so the server holds the counter the original authenticator has reached.
            Object noAutofill = withoutAutofill();
            try {
                browser.open("/account");
                browser.submit("#passkey-button");
                assertThat(browser.find(".passkeys h3").getText()).isEqualTo("Chromium");
                browser.submit("form[action='/oauth/logout'] button");
            } finally {
                withAutofill(noAutofill);
            }
            credential = original.getCredentials().get(0);
        } finally {
            browser.driver.removeVirtualAuthenticator(original);
        }

        // A clone: the same key, but its counter behind what the server last saw.
        assertRefused(Credential.createResidentCredential(
                credential.getId(), credential.getRpId(), credential.getPrivateKey(), credential.getUserHandle(), 0));
        // The same credential, presented as another account's (its user handle).
        assertRefused(Credential.createResidentCredential(
                credential.getId(),
                credential.getRpId(),
                credential.getPrivateKey(),
                PasskeyVerifier.userHandle(UUID.fromString(otherAccount)),
                credential.getSignCount() + 10));
        // The control: the same credential re-added as it is, its counter ahead, still signs in.
        VirtualAuthenticator restored = browser.driver.addVirtualAuthenticator(AUTHENTICATOR);
        Object noAutofill = withoutAutofill();
        try {
            restored.addCredential(Credential.createResidentCredential(
                    credential.getId(),
                    credential.getRpId(),
                    credential.getPrivateKey(),
                    credential.getUserHandle(),
                    credential.getSignCount() + 20));
            browser.open("/account");
            browser.submit("#passkey-button");
            assertThat(browser.find(".passkeys h3").getText()).isEqualTo("Chromium");
        } finally {
            withAutofill(noAutofill);
            browser.driver.removeVirtualAuthenticator(restored);
        }
    }

    /**
     * The page's script follows the answer to a sign-in that is not recent: Add a passkey, six minutes after signing
     * in, opens the sign-in page to confirm who it is (email filled in); after the password the passkey is added
     * without pressing Add again, under the name typed before. Six minutes later Remove goes the same way and the
     * passkey is gone once the password is given.
     */
    @Test
    void addOrRemoveWhenSignInNotRecentThenConfirmPageFirstThenTheChangeContinues() throws IOException {
        VirtualAuthenticator first = browser.driver.addVirtualAuthenticator(AUTHENTICATOR);
        try {
            accountWithPasskey("lin");
        } finally {
            browser.driver.removeVirtualAuthenticator(first);
        }
        clock.advance(Duration.ofMinutes(6));
        VirtualAuthenticator second = browser.driver.addVirtualAuthenticator(AUTHENTICATOR);
        Object noAutofill = withoutAutofill();
        try {
            browser.find("#passkey-name").sendKeys("Second");
            browser.submit("#add-passkey button");
            assertThat(URI.create(browser.url()).getPath()).isEqualTo("/account/confirm");
            assertThat(browser.find("#confirm-identity").isDisplayed()).isTrue();
            assertThat(browser.find("#email").getAttribute("value")).startsWith("lin-");
            assertThat(second.getCredentials()).as("nothing was created").isEmpty();
            assertThat(browser.visibleHiddenElements()).isEmpty();
            assertThat(browser.seriousAccessibilityViolations()).isEmpty();

            browser.find("#password").sendKeys(TestClients.PASSWORD);
            browser.submit("button.primary");
            new WebDriverWait(browser.driver, Duration.ofSeconds(15))
                    .until(d -> browser.findAll(".passkeys h3").size() == 2);
            assertThat(browser.findAll(".passkeys h3"))
                    .extracting(e -> e.getText())
                    .containsExactly("Chromium", "Second");
            assertThat(second.getCredentials()).hasSize(1);
            assertThat(URI.create(browser.url()).getQuery())
                    .as("the resume id is not kept")
                    .isNull();
            assertThat(browser.visibleHiddenElements()).isEmpty();

            clock.advance(Duration.ofMinutes(6));
            browser.open("/account");
            browser.submit(".passkeys li[data-passkey] button");
            assertThat(URI.create(browser.url()).getPath()).isEqualTo("/account/confirm");
            browser.find("#password").sendKeys(TestClients.PASSWORD);
            browser.submit("button.primary");
            assertThat(URI.create(browser.url()).getPath()).isEqualTo("/account");
            assertThat(browser.findAll(".passkeys h3"))
                    .extracting(e -> e.getText())
                    .containsExactly("Second");
        } finally {
            withAutofill(noAutofill);
            browser.driver.removeVirtualAuthenticator(second);
        }
    }

    /** Signs in with only {@code credential} on the authenticator: the sign-in page says it could not, no session. */
    private static void assertRefused(Credential credential) {
        VirtualAuthenticator authenticator = browser.driver.addVirtualAuthenticator(AUTHENTICATOR);
        Object noAutofill = withoutAutofill();
        try {
            authenticator.addCredential(credential);
            browser.open("/account");
            browser.submit("#passkey-button");
            new WebDriverWait(browser.driver, Duration.ofSeconds(15))
                    .until(d -> d.getPageSource().contains("That passkey could not sign you in."));
            browser.open("/account");
            assertThat(browser.findAll("#password")).as("still signed out").isNotEmpty();
        } finally {
            withAutofill(noAutofill);
            browser.driver.removeVirtualAuthenticator(authenticator);
        }
    }

    /** A new account signed in on its account page (any earlier session ended), with a passkey "Chromium" added. */
    private static void accountWithPasskey(String name) throws IOException {
        String suffix = Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
        String email = name + "-" + suffix + "@example.test";
        Admin.createAccount(email, TestClients.PASSWORD, name);

        browser.open("/account");
        if (!browser.findAll("form[action='/oauth/logout'] button").isEmpty()) {
            browser.submit("form[action='/oauth/logout'] button"); // another test's session
            browser.open("/account");
        }
        browser.find("#email").sendKeys(email);
        browser.find("#password").sendKeys(TestClients.PASSWORD);
        browser.submit("button.primary");
        assertThat(browser.find(".empty").getText()).isEqualTo("You have no passkeys yet.");
        browser.find("#passkey-name").sendKeys("Chromium");
        browser.submit("#add-passkey button");
        assertThat(browser.find(".passkeys h3").getText()).isEqualTo("Chromium");
        assertThat(browser.find(".passkeys .note").getText()).endsWith("last used never.");
        assertThat(browser.visibleHiddenElements()).isEmpty();
        assertThat(browser.seriousAccessibilityViolations()).isEmpty();
    }

    /**
     * Chromium's virtual authenticator answers a conditional request (autofill) at once, which races Selenium's
     * clicks: for the button, the pages opened from now on are told conditional mediation is not available.
     */
    private static Object withoutAutofill() {
        return browser.driver
                .executeCdpCommand(
                        "Page.addScriptToEvaluateOnNewDocument",
                        Map.of("source", "PublicKeyCredential.isConditionalMediationAvailable = async () => false;"))
                .get("identifier");
    }

    private static void withAutofill(Object script) {
        browser.driver.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", script));
    }
}
