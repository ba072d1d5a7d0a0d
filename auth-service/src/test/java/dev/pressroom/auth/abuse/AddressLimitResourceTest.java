package dev.pressroom.auth.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.SignInProbe;
import dev.pressroom.auth.support.TestAddresses;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.auth.support.TrustedProxyProfile;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The per-address sign-in limit (across accounts), with the production-like small threshold of its own profile. */
@QuarkusTest
@TestProfile(AddressLimitResourceTest.SmallAddressLimit.class)
class AddressLimitResourceTest {

    static final int ADDRESS_SLOW_AFTER = 5;

    public static class SmallAddressLimit extends TrustedProxyProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> config = new HashMap<>(super.getConfigOverrides());
            config.put("auth.limits.address-slow-after", Integer.toString(ADDRESS_SLOW_AFTER));
            config.put("auth.limits.address-lock-after", "100");
            return config;
        }
    }

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenTheAccountRefusesAttemptsThenTheyDoNotCountAgainstTheAddress() throws Exception {
        String address = TestAddresses.fresh();
        TestClients first = TestClients.create();
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", first.authorizeParams("openid"));
        clock.stop();
        assertThat(SignInProbe.evaluated(browser, page, first.email, Collections.nCopies(60, address)))
                .isEqualTo(AbuseLimits.PAIR_SLOW_AFTER);

        // 3 evaluated failures count for the address, not the 57 refused: a 4th account is evaluated without a wait.
        TestClients second = TestClients.forClient(first.clientId, first.secret);
        assertThat(signIn(browser.from(address), page, second.email, "wrong").asString())
                .contains("Wrong email or password.")
                .doesNotContain("Too many");
    }

    @Test
    void signInWhenAnAddressFailsForManyAccountsThenItWaitsForEveryAccount() {
        String address = TestAddresses.fresh();
        TestClients app = TestClients.create();
        Browser browser = new Browser().from(address);
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        clock.stop();
        for (int i = 1; i < ADDRESS_SLOW_AFTER; i++) {
            assertThat(signIn(browser, page, "nobody-" + Tokens.random(6) + "@example.test", "wrong")
                            .asString())
                    .doesNotContain("Too many");
        }

        assertThat(signIn(browser, page, "nobody-" + Tokens.random(6) + "@example.test", "wrong")
                        .asString())
                .contains("Wrong email or password. Too many failed sign-ins: wait 2 seconds");
        assertThat(signIn(browser, page, app.email, TestClients.PASSWORD).asString())
                .contains("Too many failed sign-ins");
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
}
