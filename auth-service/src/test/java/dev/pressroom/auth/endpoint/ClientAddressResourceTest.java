package dev.pressroom.auth.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.auth.support.TrustedProxyProfile;
import dev.pressroom.auth.support.UntrustedPeer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** X-Forwarded-For names the client only when a trusted proxy sent it (quarkus.http.proxy.trusted-proxies). */
@QuarkusTest
@TestProfile(TrustedProxyProfile.class)
class ClientAddressResourceTest {

    private static final String WRONG = "Wrong email or password.";
    private static final String REFUSED = "Too many failed sign-ins";

    @Inject
    TestClock clock;

    @BeforeEach
    void stopClock() {
        clock.stop(); // the 3rd failure's 2 s wait must not run out before the 4th attempt
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenTrustedProxyForwardsThenLimitedUnderTheForwardedAddress() {
        TestClients app = TestClients.create();
        Browser browser = new Browser().from("203.0.113.50");
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        for (int i = 1; i <= 3; i++) {
            assertThat(browser.post("/signin", form(page, app.email, "wrong-" + i))
                            .asString())
                    .contains(WRONG);
        }

        assertThat(browser.post("/signin", form(page, app.email, "wrong-4")).asString())
                .contains(REFUSED)
                .doesNotContain(WRONG);
        assertThat(browser.from("203.0.113.51")
                        .post("/signin", form(page, app.email, "wrong-5"))
                        .asString())
                .contains(WRONG);
    }

    @Test
    void signInWhenUntrustedPeerSendsForwardedForThenLimitedUnderItsOwnAddress() throws Exception {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Map<String, String> cookie = Map.of("Cookie", "pr_csrf=" + browser.cookie("pr_csrf"));
        for (int i = 1; i <= 3; i++) {
            assertThat(fromUntrustedPeer(cookie, "203.0.113." + (60 + i), form(page, app.email, "wrong-" + i)))
                    .contains(WRONG);
        }

        assertThat(fromUntrustedPeer(cookie, "203.0.113.64", form(page, app.email, "wrong-4")))
                .contains(REFUSED)
                .doesNotContain(WRONG);
        assertThat(browser.from("203.0.113.61")
                        .post("/signin", form(page, app.email, "wrong-5"))
                        .asString())
                .as("the forged address was never charged")
                .contains(WRONG);
    }

    private static String fromUntrustedPeer(Map<String, String> cookie, String forgedAddress, Map<String, String> form)
            throws Exception {
        Map<String, String> headers = new HashMap<>(cookie);
        headers.put("X-Forwarded-For", forgedAddress);
        String response = UntrustedPeer.post("/signin", headers, form);
        assertThat(response).startsWith("HTTP/1.0 200");
        return response;
    }

    private static Map<String, String> form(Response page, String email, String password) {
        return Map.of(
                "request",
                Browser.hidden(page, "request"),
                "csrf",
                Browser.hidden(page, "csrf"),
                "email",
                email,
                "password",
                password);
    }
}
