package dev.pressroom.auth.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.SignInProbe;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.auth.support.TrustedProxyProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Sign-in limits per (account, address) and per account across addresses; each browser's address is chosen through
 * the trusted test proxy.
 */
@QuarkusTest
@TestProfile(TrustedProxyProfile.class)
class SignInAcrossAddressesResourceTest {

    private static final int PARALLEL = 60;
    private static final Duration PAST_ANY_SLOWDOWN = Duration.ofSeconds(AbuseLimits.MAX_SLOW_SECONDS + 1);

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenSixtyWrongPasswordsAtOnceFromSixtyAddressesThenExactlyTheAccountLimitAreEvaluated()
            throws Exception {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        List<String> addresses = IntStream.range(0, PARALLEL)
                .mapToObj(i -> "198.51.100." + (i + 1))
                .toList();
        clock.stop(); // at once: no slowdown may run out while a busy machine works through the burst

        long evaluated = SignInProbe.evaluated(browser, page, app.email, addresses);

        assertThat(evaluated).isEqualTo(AbuseLimits.ACCOUNT_SLOW_AFTER);
    }

    @Test
    void signInWhenOneAddressLockedOutThenTheOwnerFromAnotherAddressStillGetsIn() {
        TestClients app = TestClients.create();
        Browser attacker = new Browser().from("203.0.113.10");
        Response page = attacker.get("/oauth/authorize", app.authorizeParams("openid"));
        for (int i = 1; i <= AbuseLimits.PAIR_LOCK_AFTER; i++) {
            signIn(attacker, page, app.email, "wrong-" + i);
            clock.advance(PAST_ANY_SLOWDOWN);
        }

        assertThat(signIn(attacker, page, app.email, TestClients.PASSWORD).asString())
                .contains("Too many failed sign-ins: wait 14 minutes");
        assertThat(signsIn(new Browser().from("192.0.2.20"), app)).isTrue();
    }

    @Test
    void signInWhenAttackedFromManyAddressesThenTheOwnerWaitsAtMostAMinuteAndAtAKnownAddressNotAtAll() {
        TestClients app = TestClients.create();
        String home = "192.0.2.30";
        assertThat(signsIn(new Browser().from(home), app)).isTrue();
        int attacks = AbuseLimits.ACCOUNT_SLOW_AFTER + 5; // the slowdown's longest wait from here on
        for (int i = 1; i <= attacks; i++) {
            Browser attacker = new Browser().from("203.0.113." + (20 + i));
            Response page = attacker.get("/oauth/authorize", app.authorizeParams("openid"));
            assertThat(signIn(attacker, page, app.email, "wrong-" + i).asString())
                    .contains("Wrong email or password.");
            if (i < attacks) {
                clock.advance(PAST_ANY_SLOWDOWN);
            }
        }

        Browser travelling = new Browser().from("198.51.100.200");
        Response page = travelling.get("/oauth/authorize", app.authorizeParams("openid"));
        long wait = statedWait(
                signIn(travelling, page, app.email, TestClients.PASSWORD).asString());
        assertThat(wait).isPositive().isLessThanOrEqualTo(AbuseLimits.MAX_SLOW_SECONDS);
        assertThat(travelling.cookie("pr_session")).isNull();
        assertThat(signsIn(new Browser().from(home), app))
                .as("at a known address, at once")
                .isTrue();
        clock.advance(Duration.ofSeconds(wait));
        signIn(travelling, page, app.email, TestClients.PASSWORD);
        assertThat(travelling.cookie("pr_session")).as("after the stated wait").isNotNull();
    }

    private static boolean signsIn(Browser browser, TestClients app) {
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        Response answer = signIn(browser, page, app.email, TestClients.PASSWORD);
        assertThat(answer.asString()).doesNotContain("Too many", "Wrong email");
        return browser.cookie("pr_session") != null;
    }

    private static Response signIn(Browser browser, Response page, String email, String password) {
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

    private static long statedWait(String page) {
        Matcher m = Pattern.compile("Too many failed sign-ins: wait (\\d+) seconds?")
                .matcher(page);
        assertThat(m.find()).as(page).isTrue();
        return Long.parseLong(m.group(1));
    }
}
