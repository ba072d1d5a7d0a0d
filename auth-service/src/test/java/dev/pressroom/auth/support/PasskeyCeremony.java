package dev.pressroom.auth.support;

import dev.pressroom.auth.passkey.PasskeySettings;
import io.restassured.response.Response;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.eclipse.microprofile.config.ConfigProvider;

/** The passkey ceremonies as the pages' script runs them: options as JSON, the response posted as a form. */
public final class PasskeyCeremony {

    private PasskeyCeremony() {}

    /** A software authenticator for the service's configured RP id and origin. */
    public static TestAuthenticator authenticator() {
        String issuer = ConfigProvider.getConfig().getValue("auth.issuer", String.class);
        String rpId = PasskeySettings.rpId(issuer, null);
        return new TestAuthenticator(rpId, PasskeySettings.origin(issuer, rpId, null));
    }

    /** The creation options the account page's script would receive. */
    public static Map<String, Object> creationOptions(Browser signedIn) {
        Response options = signedIn.post(
                "/account/passkeys/options",
                Map.of("csrf", Browser.hidden(signedIn.get("/account", Map.of()), "csrf")));
        Assertions.assertThat(options.statusCode()).as(options.asString()).isEqualTo(200);
        return options.jsonPath().getMap("$");
    }

    /** Adds a passkey on the account page; answers the response to the form post. */
    public static Response add(Browser signedIn, TestAuthenticator authenticator, String name) {
        String credential = authenticator.register(creationOptions(signedIn));
        return signedIn.post(
                "/account/passkeys",
                Map.of(
                        "csrf",
                        Browser.hidden(signedIn.get("/account", Map.of()), "csrf"),
                        "name",
                        name,
                        "credential",
                        credential));
    }

    /** The request options the sign-in page's script would receive for this sign-in page. */
    public static Map<String, Object> requestOptions(Browser browser, Response signInPage) {
        Response options = browser.post(
                "/signin/passkey/options",
                Map.of("request", Browser.hidden(signInPage, "request"), "csrf", Browser.hidden(signInPage, "csrf")));
        Assertions.assertThat(options.statusCode()).as(options.asString()).isEqualTo(200);
        return options.jsonPath().getMap("$");
    }

    /** Posts an assertion (the credential field) from the sign-in page. */
    public static Response signIn(Browser browser, Response signInPage, String credential) {
        return browser.post(
                "/signin/passkey",
                Map.of(
                        "request",
                        Browser.hidden(signInPage, "request"),
                        "csrf",
                        Browser.hidden(signInPage, "csrf"),
                        "credential",
                        credential));
    }

    /** Asks for options and signs in with the authenticator from the sign-in page. */
    public static Response signIn(Browser browser, Response signInPage, TestAuthenticator authenticator) {
        return signIn(browser, signInPage, authenticator.authenticate(requestOptions(browser, signInPage)));
    }
}
