package dev.pressroom.auth.abuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Sign-in slowdown and lock per account, and fixed-window limits, shared through Redis. */
@QuarkusTest
class AbuseLimitsResourceTest {

    @Inject
    TestClock clock;

    @Inject
    AbuseLimits limits;

    private TestClients app;
    private Browser browser;
    private Response page;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
        page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenThreeFailuresThenNextAttemptWaitsEvenWithRightPassword() {
        signIn(app.email, "wrong-1");
        signIn(app.email, "wrong-2");
        assertThat(signIn(app.email, "wrong-3").asString())
                .contains("Wrong email or password.")
                .contains("Too many failed sign-ins: wait 2 seconds");
        assertThat(signIn(app.email, TestClients.PASSWORD).asString()).contains("Too many failed sign-ins");
        assertThat(browser.cookie("pr_session")).isNull();
        clock.advance(Duration.ofSeconds(3));
        assertThat(signIn(app.email, TestClients.PASSWORD).statusCode()).isEqualTo(200);
        assertThat(browser.cookie("pr_session")).isNotNull();
    }

    @Test
    void signInWhenTenFailuresThenLockedForFifteenMinutesAndTold() {
        String last = "";
        for (int i = 1; i <= AbuseLimits.PAIR_LOCK_AFTER; i++) {
            last = signIn(app.email, "wrong-" + i).asString();
            clock.advance(Duration.ofSeconds(61));
        }
        assertThat(last).contains("wait 15 minutes");
        clock.advance(Duration.ofMinutes(12));
        assertThat(signIn(app.email, TestClients.PASSWORD).asString()).contains("Too many failed sign-ins");
        clock.advance(Duration.ofMinutes(3));
        assertThat(browser.cookie("pr_session")).isNull();
        assertThat(signIn(app.email, TestClients.PASSWORD).asString()).doesNotContain("Too many");
        assertThat(browser.cookie("pr_session")).isNotNull();
    }

    @Test
    void signInWhenUnknownAccountThenThrottledExactlyLikeKnownOne() {
        String unknown = "nobody-" + Tokens.random(6) + "@example.test";
        signIn(unknown, "a");
        signIn(unknown, "b");
        String unknownThird = signIn(unknown, "c").asString();
        signIn(app.email, "a");
        signIn(app.email, "b");
        String knownThird = signIn(app.email, "c").asString();
        assertThat(unknownThird.replace(unknown, "X")).isEqualTo(knownThird.replace(app.email, "X"));
    }

    @Test
    void signInWhenNoProxyIsTrustedThenForwardedForIsIgnored() {
        clock.stop();
        for (int i = 1; i <= AbuseLimits.PAIR_SLOW_AFTER; i++) {
            browser.from("203.0.113." + i);
            assertThat(signIn(app.email, "wrong-" + i).asString()).contains("Wrong email or password.");
        }
        browser.from("203.0.113.99");
        assertThat(signIn(app.email, "wrong-4").asString())
                .contains("Too many failed sign-ins")
                .doesNotContain("Wrong email or password.");
    }

    @Test
    void limitWhenWindowExceededThenSlowDown429() {
        String address = "198.51.100." + (int) (Math.random() * 250);
        for (int i = 0; i < 3; i++) {
            limits.limit("test", address, 60, 3).await().indefinitely();
        }
        assertThatThrownBy(() -> limits.limit("test", address, 60, 3).await().indefinitely())
                .isInstanceOf(OAuthException.class)
                .extracting("status", "error")
                .containsExactly(429, "slow_down");
    }

    private Response signIn(String email, String password) {
        return browser.post(
                "/signin",
                Map.of(
                        "request",
                        Browser.hidden(page, "request"),
                        "csrf",
                        Browser.hidden(page, "csrf"),
                        "email",
                        email,
                        "password",
                        password));
    }
}
