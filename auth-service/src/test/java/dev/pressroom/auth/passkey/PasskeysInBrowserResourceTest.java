package dev.pressroom.auth.passkey;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.BrowserApp;
import dev.pressroom.auth.support.IssuerOnTestPortProfile;
import dev.pressroom.auth.support.RealBrowser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticator;
import org.openqa.selenium.virtualauthenticator.VirtualAuthenticatorOptions;

/**
 * Passkeys end to end in Chromium with Selenium's virtual authenticator (no hardware): add one on the account page,
 * sign out, sign in to an app with it, and find "hwk" in the ID token's amr. The pages are opened at
 * http://localhost:port, the RP id derived from the issuer (an IP address cannot be one).
 */
@QuarkusTest
@TestProfile(IssuerOnTestPortProfile.class)
class PasskeysInBrowserResourceTest {

    private static RealBrowser browser;

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
    void passkeyWhenAddedOnAccountPageThenSignsInToAnAppAndIdTokenSaysHwk() throws IOException {
        VirtualAuthenticator authenticator = browser.driver.addVirtualAuthenticator(new VirtualAuthenticatorOptions()
                .setProtocol(VirtualAuthenticatorOptions.Protocol.CTAP2)
                .setTransport(VirtualAuthenticatorOptions.Transport.INTERNAL)
                .setHasResidentKey(true)
                .setHasUserVerification(true)
                .setIsUserVerified(true)
                .setIsUserConsenting(true));
        try {
            String suffix = Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
            String email = "grace-" + suffix + "@example.test";
            Admin.createAccount(email, TestClients.PASSWORD, "Grace Hopper");

            browser.open("/account");
            browser.find("#email").sendKeys(email);
            browser.find("#password").sendKeys(TestClients.PASSWORD);
            browser.submit("button.primary");
            assertThat(browser.find(".empty").getText()).isEqualTo("You have no passkeys yet.");
            browser.find("#passkey-name").sendKeys("Chromium");
            browser.submit("#add-passkey button");
            assertThat(browser.find(".passkeys h3").getText()).isEqualTo("Chromium");
            assertThat(browser.find(".passkeys .note").getText()).endsWith("last used never.");
            assertThat(browser.seriousAccessibilityViolations()).isEmpty();
            assertThat(authenticator.getCredentials())
                    .singleElement()
                    .satisfies(c -> assertThat(c.isResidentCredential()).isTrue());

            browser.submit("form[action='/oauth/logout'] button");
            BrowserApp reader = BrowserApp.register("Northwind Reader", true);
            // Chromium's virtual authenticator answers a conditional request (autofill) at once, which raced
            // Selenium's clicks: for the button, the page is told conditional mediation is not available.
            Object noAutofill = browser.driver
                    .executeCdpCommand(
                            "Page.addScriptToEvaluateOnNewDocument",
                            Map.of(
                                    "source",
                                    "PublicKeyCredential.isConditionalMediationAvailable = async () => false;"))
                    .get("identifier");
            browser.open(reader.authorizeUrl());
            assertThat(browser.find("#email").getAttribute("autocomplete")).isEqualTo("username webauthn");
            assertThat(browser.find("#passkey").isDisplayed()).isTrue();
            assertThat(browser.find("#passkey").getAttribute("data-conditional"))
                    .isNull();
            assertThat(browser.seriousAccessibilityViolations()).isEmpty();
            browser.submit("#passkey-button");
            assertThat(browser.find("h1").getText()).endsWith("wants to access your account");
            browser.submit("button.primary");

            String idToken =
                    reader.exchange(BrowserApp.backAt(browser.url(), "/cb").get("code"));
            JsonNode claims = new ObjectMapper()
                    .readTree(Base64.getUrlDecoder()
                            .decode(idToken.substring(idToken.indexOf('.') + 1, idToken.lastIndexOf('.'))));
            assertThat(claims.get("amr").toString()).contains("\"hwk\"");

            browser.driver.executeCdpCommand(
                    "Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", noAutofill));

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
}
