package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PendingLimitProfile;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Unauthenticated visitors cannot grow Redis: each address may leave only so many authorization requests waiting. */
@QuarkusTest
@TestProfile(PendingLimitProfile.class)
class PendingRequestLimitResourceTest {

    @Inject
    TestClock clock;

    @AfterEach
    void reset() {
        clock.reset();
    }

    @Test
    void authorizeWhenAddressLeftTooManyRequestsWaitingThen429PageButSignedInPersonStillGetsCodes() {
        // At the start of a fresh counting window, so the count cannot straddle two.
        long window = Duration.ofMinutes(15).toSeconds();
        clock.advance(Duration.ofSeconds(window - clock.instant().getEpochSecond() % window));
        TestClients app = TestClients.create();
        Browser person = new Browser();
        // Sign-in page, then consent page: two requests left waiting.
        app.code(person, "openid");
        for (int i = 2; i < PendingLimitProfile.LIMIT - 1; i++) {
            new Browser()
                    .get("/oauth/authorize", app.authorizeParams("openid"))
                    .then()
                    .statusCode(200);
        }
        new Browser().get("/account", Map.of()).then().statusCode(200);

        Response refused = new Browser().get("/oauth/authorize", app.authorizeParams("openid"));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.contentType()).startsWith("text/html");
        assertThat(refused.asString()).contains("Too many sign-ins were started from your network");
        assertThat(new Browser().get("/account", Map.of()).statusCode()).isEqualTo(429);
        // Nothing waits for a person who is signed in and consented: no request is kept, so none is refused.
        assertThat(app.codeAgain(person, "openid")).isNotBlank();
    }
}
