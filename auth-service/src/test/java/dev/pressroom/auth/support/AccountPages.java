package dev.pressroom.auth.support;

import io.restassured.response.Response;
import java.util.Map;

/** The person's own pages: signing in to the account home and removing a connected app there. */
public final class AccountPages {

    private AccountPages() {}

    /** Signs a fresh browser in to the account home (no app involved). */
    public static Browser signedIn(TestClients person) {
        return signedIn(person, new Browser());
    }

    /** Signs this browser in to the account home. */
    public static Browser signedIn(TestClients person, Browser browser) {
        Response page = browser.get("/account", Map.of());
        browser.post(
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
                .then()
                .statusCode(303);
        return browser;
    }

    /** Presses Remove for the person's app on the Connected apps page; answers the response. */
    public static Response removeApp(Browser signedIn, String clientId) {
        Response home = signedIn.get("/account", Map.of());
        return signedIn.post(
                "/account/apps/remove", Map.of("client_id", clientId, "csrf", Browser.hidden(home, "csrf")));
    }
}
