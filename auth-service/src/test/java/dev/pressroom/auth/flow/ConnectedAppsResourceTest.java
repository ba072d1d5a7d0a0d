package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The account home with Connected apps: Remove revokes consent, refresh chains, access tokens and pending codes. */
@QuarkusTest
class ConnectedAppsResourceTest {

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
    }

    @Test
    void accountWhenSignedOutThenSignInThenHome() {
        Response page = browser.get("/account", Map.of());
        assertThat(page.asString()).contains("name=\"password\"").contains("your Pressroom account");
        Response signedIn = browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        app.email,
                        "password",
                        TestClients.PASSWORD));
        signedIn.then().statusCode(303).header("Location", org.hamcrest.Matchers.endsWith("/account"));
        assertThat(browser.get("/account", Map.of()).asString())
                .contains("Hello, Person")
                .contains(app.email)
                .contains("No apps are connected");
    }

    @Test
    void accountWhenAppGrantedThenListedWithScopesAndDates() {
        app.exchange(app.code(browser, "openid email offline_access")).then().statusCode(200);
        String home = browser.get("/account", Map.of()).asString();
        assertThat(home)
                .contains("App " + app.clientId)
                .contains("email address")
                .contains("stay connected while away")
                .contains("Allowed 20")
                .contains("last used 20")
                .contains("value=\"" + app.clientId + "\"");
    }

    @Test
    void removeWhenAppRemovedThenEveryGrantRevokedAndConsentAskedAgain() {
        Response tokens = app.exchange(app.code(browser, "openid offline_access"));
        String pendingCode = TestClients.query(
                        browser.get("/oauth/authorize", app.authorizeParams("openid offline_access")))
                .get("code");
        Response home = browser.get("/account", Map.of());
        browser.post("/account/apps/remove", Map.of("client_id", app.clientId, "csrf", Browser.hidden(home, "csrf")))
                .then()
                .statusCode(303);

        Admin.publicApi()
                .header("Authorization", "Bearer " + tokens.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(401);
        app.refresh(tokens.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
        app.exchange(pendingCode).then().statusCode(400).body("error", equalTo("invalid_grant"));
        assertThat(browser.get("/account", Map.of()).asString()).contains("No apps are connected");
        assertThat(browser.get("/oauth/authorize", app.authorizeParams("openid"))
                        .asString())
                .contains("name=\"decision\" value=\"allow\"");
    }

    @Test
    void removeWhenCsrfWrongThenRefusedAndAppKept() {
        String accessToken = app.exchange(app.code(browser, "openid")).path("access_token");
        browser.post("/account/apps/remove", Map.of("client_id", app.clientId, "csrf", "forged"))
                .then()
                .statusCode(400);
        Admin.publicApi()
                .header("Authorization", "Bearer " + accessToken)
                .get("/oauth/userinfo")
                .then()
                .statusCode(200);
    }

    @Test
    void accountWhenSignedInThenRecentActivityListedAndBrowserEscaped() {
        String hostile = "<script>alert('ua')</script><img src=x onerror=alert(1)>";
        browser.userAgent(hostile);
        app.exchange(app.code(browser, "openid")).then().statusCode(200);
        TestClients stranger = TestClients.forClient(app.clientId, app.secret);
        stranger.code(new Browser().userAgent("Stranger/1.0"), "openid");
        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);
        AuditEvents.await(Map.of("account_id", app.accountId, "type", "app_removed"), e -> true);

        String home = browser.get("/account", Map.of()).asString();
        String activity = home.substring(home.indexOf("Recent activity"));
        assertThat(activity)
                .contains("Removed App " + app.clientId)
                .contains("Withdrew what App " + app.clientId)
                .contains("Allowed App " + app.clientId)
                .contains("Signed in to App " + app.clientId)
                .contains("from 127.0.0.1")
                .contains("&lt;script&gt;alert(")
                .contains("&lt;img src=x")
                .doesNotContain("<script")
                .doesNotContain("<img")
                .doesNotContain("Stranger/1.0");
        assertThat(activity.indexOf("Removed App")).isLessThan(activity.indexOf("Signed in to"));
    }

    @Test
    void rootWhenVisitedThenRedirectsToAccount() {
        browser.get("/", Map.of())
                .then()
                .statusCode(303)
                .header("Location", org.hamcrest.Matchers.endsWith("/account"));
    }
}
