package dev.pressroom.auth.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.SignInProbe;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Collections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The probe: 60 wrong passwords sent at once for a fresh account from one address. */
@QuarkusTest
class SignInProbeResourceTest {

    private static final int PARALLEL = 60;

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenSixtyWrongPasswordsAtOnceFromOneAddressThenExactlyTheLimitAreEvaluated() throws Exception {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid"));
        clock.stop(); // at once: no slowdown may run out while a busy machine works through the burst

        long evaluated = SignInProbe.evaluated(browser, page, app.email, Collections.nCopies(PARALLEL, null));

        // Exactly the limit: every attempt is reserved atomically before its hash, and none of these succeeds.
        assertThat(evaluated).isEqualTo(AbuseLimits.PAIR_SLOW_AFTER);
    }
}
