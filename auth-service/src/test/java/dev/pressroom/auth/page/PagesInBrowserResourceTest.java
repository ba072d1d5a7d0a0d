package dev.pressroom.auth.page;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.BrowserApp;
import dev.pressroom.auth.support.RealBrowser;
import dev.pressroom.auth.support.RealBrowser.Scheme;
import dev.pressroom.auth.support.RealBrowser.Width;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.Keys;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The pages as people use them: headless Chromium at a phone's width and a desktop's, light and dark, every page
 * checked with axe-core (no serious or critical violation) and saved under target/screenshots/ (README, "Pages").
 */
@QuarkusTest
class PagesInBrowserResourceTest {

    private static RealBrowser browser;
    private static String appBase;

    private String email;

    /** The app's own pages: where the provider sends the person back (redirect and post-logout URIs). */
    @BeforeAll
    static void start() throws IOException {
        appBase = BrowserApp.start();
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        browser = RealBrowser.start("http://127.0.0.1:" + port);
    }

    @AfterAll
    static void stop() throws IOException {
        if (browser != null) {
            browser.close();
        }
        BrowserApp.stop();
    }

    @BeforeEach
    void freshBrowserAndPerson() {
        browser.driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
        browser.javascript(true).scheme(Scheme.LIGHT).size(Width.DESKTOP);
        String suffix = Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
        email = "ada-" + suffix + "@example.test";
        Admin.createAccount(email, TestClients.PASSWORD, "Ada Lovelace");
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void signInAndAllowWhenVerifiedAppThenBadgeAndCodeBackInTheApp(Width width) throws IOException {
        browser.size(width);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open(reader.authorizeUrl());
        assertThat(browser.driver.getTitle()).isEqualTo("Sign in · Pressroom account");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo("en");
        assertThat(browser.find(".brand").getText()).isEqualTo("Pressroom");
        assertThat(browser.find(".lead").getText()).isEqualTo("to continue to Northwind Reader");
        assertFitsWithMargins(width, "#email", "#password", "button.primary");
        check("signin-" + slug(width));

        signIn(TestClients.PASSWORD);
        assertThat(browser.find("h1").getText()).isEqualTo("Northwind Reader wants to access your account");
        assertThat(browser.find(".badge").getText()).isEqualTo("Verified app");
        assertThat(browser.find(".client-mark").getText()).isEqualTo("N");
        assertThat(browser.findAll(".warning")).isEmpty();
        assertThat(browser.findAll("[data-scope]"))
                .extracting(e -> e.getAttribute("data-scope"))
                .containsExactly("openid", "profile", "email");
        assertThat(browser.findAll("button.primary"))
                .extracting(WebElement::getText)
                .containsExactly("Allow");
        assertFitsWithMargins(width, "button.primary", "button.secondary");
        check("consent-" + slug(width));

        browser.submit("button.primary");
        Map<String, String> back = backInTheApp("/cb");
        assertThat(back).containsKey("code").containsEntry("state", reader.state());
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void denyWhenUnverifiedAppThenAddressShownAndAccessDenied(Width width) throws IOException {
        browser.size(width);
        BrowserApp quill = BrowserApp.register("Quill Notes", false);
        browser.open(quill.authorizeUrl());
        signIn(TestClients.PASSWORD);
        assertThat(browser.findAll(".badge")).isEmpty();
        assertThat(browser.find(".warning").getText()).contains("This app is not verified");
        assertThat(browser.find(".warning code").getText()).isEqualTo(appBase + "/cb");
        assertThat(browser.find(".account-chip").getText()).isEqualTo("Signed in as " + email);
        check("consent-unverified-" + slug(width));

        browser.submit("button.secondary");
        assertThat(backInTheApp("/cb")).containsEntry("error", "access_denied").doesNotContainKey("code");
    }

    /**
     * An app that asks for acr "phr" as an essential claim (README, "Conformance", the claims parameter): the passkey
     * alone, no password form, and Back to the app answers unmet_authentication_requirements.
     */
    @ParameterizedTest
    @EnumSource(Width.class)
    void passkeyOnlyWhenAppRequiresPhrThenNoPasswordFormAndBackToTheApp(Width width) throws IOException {
        browser.size(width);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open(reader.authorizeUrl() + "&claims="
                + URLEncoder.encode(
                        "{\"id_token\":{\"acr\":{\"essential\":true,\"values\":[\"phr\"]}}}", StandardCharsets.UTF_8));
        assertThat(browser.find("#passkey-required").getText()).startsWith("This app accepts only a passkey.");
        assertThat(browser.find("#passkey-button").isDisplayed()).isTrue();
        assertThat(browser.findAll("#password")).isEmpty();
        assertFitsWithMargins(width, "#passkey-button", "#back-to-app");
        check("signin-passkey-only-" + slug(width));

        browser.submit("#back-to-app");
        assertThat(backInTheApp("/cb"))
                .containsEntry("error", "unmet_authentication_requirements")
                .containsEntry("state", reader.state())
                .doesNotContainKey("code");
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void connectedAppsWhenRemoveThenAppGone(Width width) throws IOException {
        browser.size(width);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        BrowserApp quill = BrowserApp.register("Quill Notes", false);
        allow(reader);
        allow(quill);
        browser.open("/account");
        assertThat(browser.find("h1").getText()).isEqualTo("Hello, Ada Lovelace");
        assertThat(browser.findAll(".apps > li"))
                .extracting(e -> e.getAttribute("data-client"))
                .containsExactlyInAnyOrder(reader.id(), quill.id());
        assertThat(browser.find("li[data-client='" + reader.id() + "'] .badge").getText())
                .isEqualTo("Verified app");
        assertThat(browser.findAll("li[data-client='" + quill.id() + "'] .badge"))
                .isEmpty();
        check("account-" + slug(width));

        browser.submit("li[data-client='" + quill.id() + "'] button");
        assertThat(browser.findAll(".apps > li"))
                .extracting(e -> e.getAttribute("data-client"))
                .containsExactly(reader.id());
        browser.submit("li[data-client='" + reader.id() + "'] button");
        assertThat(browser.find("h2 + .empty").getText()).isEqualTo("No apps are connected to your account.");
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void signOutWhenNoAppAsksThenConfirmedFirst(Width width) throws IOException {
        browser.size(width);
        browser.open("/account");
        assertThat(browser.find(".lead").getText()).isEqualTo("to continue to your Pressroom account");
        signIn(TestClients.PASSWORD);
        assertThat(browser.find("h1").getText()).isEqualTo("Hello, Ada Lovelace");

        browser.open("/oauth/logout");
        assertThat(browser.find("h1").getText()).isEqualTo("Sign out?");
        check("signout-confirm-" + slug(width));
        browser.submit("button.primary");
        assertThat(browser.find("h1").getText()).isEqualTo("You are signed out");
        check("signedout-" + slug(width));

        browser.open("/account");
        assertThat(browser.findAll("#password")).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void signOutWhenAppSendsItsIdTokenThenNoQuestionAndBackInTheApp(Width width) {
        browser.size(width);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        String code = allow(reader).get("code");
        String idToken = reader.exchange(code);

        browser.open("/oauth/logout?id_token_hint=" + idToken + "&post_logout_redirect_uri=" + encode(appBase + "/bye")
                + "&state=bye-1");
        assertThat(backInTheApp("/bye")).containsEntry("state", "bye-1");
        browser.open("/account");
        assertThat(browser.findAll("#password")).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void errorPagesWhenRequestIsWrongThenTitleAndReason(Width width) throws IOException {
        browser.size(width);
        browser.open("/oauth/authorize?response_type=code&client_id=no-such-app&scope=openid");
        assertThat(browser.find("h1").getText()).isNotBlank();
        assertThat(browser.find("[role=alert]").getText()).isNotBlank();
        assertThat(browser.driver.getTitle()).endsWith(" · Pressroom account");
        check("error-unknown-app-" + slug(width));

        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open("/oauth/logout?client_id=" + reader.id() + "&post_logout_redirect_uri="
                + encode("https://attacker.example/"));
        assertThat(browser.find("h1").getText()).isEqualTo("Unregistered sign-out address");
        check("error-signout-address-" + slug(width));
    }

    @ParameterizedTest
    @EnumSource(Width.class)
    void wrongPasswordThenMessageBesidePasswordAndThenHowLongToWait(Width width) throws IOException {
        browser.size(width);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open(reader.authorizeUrl());
        signIn("not my password");
        WebElement password = browser.find("#password");
        WebElement error = browser.find("#signin-error");
        assertThat(error.getText()).isEqualTo("Wrong email or password.");
        assertThat(password.getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(password.getAttribute("aria-describedby")).isEqualTo("signin-error");
        assertThat(browser.find("#email").getDomProperty("value")).isEqualTo(email);
        Rectangle field = password.getRect();
        Rectangle message = error.getRect();
        assertThat(message.getY()).isBetween(field.getY() + field.getHeight(), field.getY() + field.getHeight() + 24);
        check("signin-wrong-password-" + slug(width));

        // From the third failure at one address, each attempt waits (README, "Brute force"); the page says how long.
        signIn("still not it");
        signIn("nor this");
        assertThat(browser.find("#signin-error").getText())
                .startsWith("Wrong email or password. Too many failed sign-ins: wait");
        check("signin-throttled-" + slug(width));
    }

    /** The committed screenshots (docs/): sign-in and consent at both widths, in both schemes. */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void darkAndLightWhenSchemePreferredThenColoursFollowAndPass(Scheme scheme) throws IOException {
        browser.scheme(scheme);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        for (Width width : Width.values()) {
            browser.driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
            browser.size(width).open(reader.authorizeUrl());
            String background = browser.find("body").getCssValue("background-color");
            assertThat(background).isEqualTo(scheme == Scheme.DARK ? "rgba(14, 16, 20, 1)" : "rgba(243, 245, 249, 1)");
            assertThat(browser.find("button.primary").getCssValue("background-color"))
                    .isEqualTo("rgba(39, 71, 176, 1)");
            check("signin-" + slug(width) + "-" + slug(scheme));
            signIn(TestClients.PASSWORD);
            check("consent-" + slug(width) + "-" + slug(scheme));
        }
    }

    @Test
    void keyboardOnlyWhenSigningInAndAllowingThenTabOrderAndVisibleFocus() {
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open(reader.authorizeUrl());
        Actions keys = new Actions(browser.driver);
        keys.sendKeys(Keys.TAB).perform();
        assertFocused("email");
        keys.sendKeys(email).sendKeys(Keys.TAB).perform();
        assertFocused("password");
        keys.sendKeys(TestClients.PASSWORD).sendKeys(Keys.TAB).perform();
        assertThat(focused().getText()).isEqualTo("Sign in");
        assertVisibleFocus(focused());
        browser.navigating(() -> keys.sendKeys(Keys.ENTER).perform());

        assertThat(browser.find("h1").getText()).endsWith("wants to access your account");
        keys.sendKeys(Keys.TAB).perform();
        assertThat(focused().getText()).isEqualTo("Allow");
        assertVisibleFocus(focused());
        keys.sendKeys(Keys.TAB).perform();
        assertThat(focused().getText()).isEqualTo("Deny");
        keys.keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform();
        assertThat(focused().getText()).isEqualTo("Allow");
        browser.navigating(() -> keys.sendKeys(Keys.ENTER).perform());
        assertThat(backInTheApp("/cb")).containsKey("code");
    }

    @Test
    void javascriptOffWhenSigningInAndAllowingThenFormsStillWork() {
        browser.javascript(false);
        browser.open("data:text/html,<title>off</title><script>document.title='on'</script>");
        assertThat(browser.driver.getTitle()).isEqualTo("off");

        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open(reader.authorizeUrl());
        signIn(TestClients.PASSWORD);
        browser.submit("button.primary");
        assertThat(backInTheApp("/cb")).containsKey("code");
    }

    /** ui_locales=de: sign-in, the wrong-password message and consent in German, fitting and accessible. */
    @ParameterizedTest
    @EnumSource(Width.class)
    void germanWhenAppAsksForItThenSignInAndConsentInGerman(Width width) throws IOException {
        browser.size(width);
        BrowserApp reader = BrowserApp.register("Northwind Reader", true);
        browser.open(reader.authorizeUrl() + "&ui_locales=de-CH%20en");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo("de");
        assertThat(browser.driver.getTitle()).isEqualTo("Anmelden · Pressroom-Konto");
        assertThat(browser.find(".lead").getText()).isEqualTo("weiter zu Northwind Reader");
        assertThat(browser.find("label[for=password]").getText()).isEqualTo("Passwort");

        signIn("not the password");
        assertThat(browser.find("#signin-error").getText()).isEqualTo("E-Mail oder Passwort ist falsch.");
        assertFitsWithMargins(width, "#email", "#password", "#signin-error", "button.primary");
        check("signin-de-" + slug(width));

        browser.find("#password").sendKeys(TestClients.PASSWORD);
        browser.submit("button.primary");
        assertThat(browser.find("h1").getText()).isEqualTo("Northwind Reader möchte auf Ihr Konto zugreifen");
        assertThat(browser.find(".badge").getText()).isEqualTo("Geprüfte App");
        assertThat(browser.findAll("[data-scope]"))
                .extracting(WebElement::getText)
                .containsExactly("Sie mit Ihrem Konto anmelden", "Name und Profilbild", "E-Mail-Adresse");
        assertFitsWithMargins(width, "button.primary", "button.secondary");
        check("consent-de-" + slug(width));

        browser.submit("button.primary");
        assertThat(backInTheApp("/cb")).containsKey("code");
    }

    /** The check above is not vacuous: on a page built to fail, axe-core names the violations. */
    @Test
    void accessibilityCheckWhenPageBreaksRulesThenViolationsReported() throws IOException {
        browser.open("data:text/html,<body><img src='/static/logo.svg'><input type='text'></body>");
        assertThat(browser.seriousAccessibilityViolations())
                .anySatisfy(v -> assertThat(v).startsWith("html-has-lang (serious)"))
                .anySatisfy(v -> assertThat(v).startsWith("image-alt (critical)"))
                .anySatisfy(v -> assertThat(v).startsWith("label (critical)"));
    }

    /** So is the hidden check: an element a display rule shows despite its hidden attribute is named. */
    @Test
    void hiddenCheckWhenStylesheetOverridesHiddenThenElementReported() {
        browser.open("data:text/html,<style>p { display: flex }</style><div hidden><p hidden>inside</p></div>"
                + "<p class='field-error' hidden></p><p>shown</p>");
        assertThat(browser.visibleHiddenElements()).containsExactly("<p class=\"field-error\" hidden=\"\">");
    }

    @Test
    void themeWhenServedThenDefaultAccentAndReadableText() {
        browser.open("/theme.css");
        assertThat(browser.find("body").getText()).isEqualTo(":root { --accent: #2747b0; --on-accent: #ffffff; }");
    }

    private void signIn(String password) {
        WebElement emailField = browser.find("#email");
        emailField.clear();
        emailField.sendKeys(email);
        browser.find("#password").sendKeys(password);
        browser.submit("button.primary");
    }

    private Map<String, String> allow(BrowserApp client) {
        browser.open(client.authorizeUrl());
        if (!browser.findAll("#password").isEmpty()) {
            signIn(TestClients.PASSWORD);
        }
        browser.submit("button.primary");
        return backInTheApp("/cb");
    }

    /** The query the app received at {@code path}; fails if the browser is anywhere else. */
    private static Map<String, String> backInTheApp(String path) {
        return BrowserApp.backAt(browser.url(), path);
    }

    /**
     * Both stylesheets and the logo loaded (the CSP let them in), a screenshot, then axe-core: no serious or critical
     * violation on the page as it is.
     */
    private static void check(String name) throws IOException {
        assertThat(browser.driver.executeScript(
                        "return [...document.styleSheets].map(s => s.href.replace(location.origin, '') + ' '"
                                + " + s.cssRules.length)"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .hasSize(2)
                .allSatisfy(sheet -> assertThat((String) sheet).doesNotEndWith(" 0"))
                .anySatisfy(sheet -> assertThat((String) sheet).startsWith("/static/auth.css "))
                .anySatisfy(sheet -> assertThat((String) sheet).startsWith("/theme.css "));
        assertThat(browser.find(".brand img").getDomProperty("naturalWidth")).isNotEqualTo("0");
        browser.screenshot(name);
        assertThat(browser.visibleHiddenElements()).as(browser.url()).isEmpty();
        assertThat(browser.seriousAccessibilityViolations()).as(browser.url()).isEmpty();
    }

    /** Nothing scrolls sideways, and the controls keep at least 32 px from either edge (the card's padding). */
    private static void assertFitsWithMargins(Width width, String... selectors) {
        Number scrollWidth = (Number) browser.driver.executeScript("return document.documentElement.scrollWidth");
        assertThat(scrollWidth.intValue()).isLessThanOrEqualTo(width.width());
        for (String selector : selectors) {
            Rectangle r = browser.find(selector).getRect();
            assertThat(r.getX()).as(selector).isGreaterThanOrEqualTo(32);
            assertThat(r.getX() + r.getWidth()).as(selector).isLessThanOrEqualTo(width.width() - 32);
        }
    }

    private static WebElement focused() {
        return browser.driver.switchTo().activeElement();
    }

    private static void assertFocused(String id) {
        assertThat(focused().getAttribute("id")).isEqualTo(id);
        assertVisibleFocus(focused());
    }

    private static void assertVisibleFocus(WebElement element) {
        assertThat(element.getCssValue("outline-style")).isEqualTo("solid");
        assertThat(element.getCssValue("outline-width")).isEqualTo("3px");
    }

    private static String slug(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
