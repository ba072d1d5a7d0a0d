package dev.pressroom.auth.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.passkey.PasskeyVerifier;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAddresses;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Failed passkey assertions count against the client address like wrong passwords (README, "Brute force"). */
@QuarkusTest
@TestProfile(AddressLimitResourceTest.SmallAddressLimit.class)
class PasskeyLimitsResourceTest {

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void signInWhenAddressFailedTooOftenThenEvenAGoodPasskeyWaits() {
        TestClients person = TestClients.create();
        TestAuthenticator good = PasskeyCeremony.authenticator();
        String address = TestAddresses.fresh();
        // Everything from an address of its own: 127.0.0.1 carries other tests' failures, and this profile's limit is
        // low.
        PasskeyCeremony.add(AccountPages.signedIn(person, new Browser().from(address)), good, "Key")
                .then()
                .statusCode(303);
        Browser browser = new Browser().from(address);
        clock.stop();

        for (int i = 0; i < AddressLimitResourceTest.ADDRESS_SLOW_AFTER; i++) {
            TestAuthenticator forged =
                    PasskeyCeremony.authenticator().userHandle(PasskeyVerifier.userHandle(UUID.randomUUID()));
            Response page = browser.get("/account", Map.of());
            assertThat(PasskeyCeremony.signIn(
                                    browser,
                                    page,
                                    forged.authenticateWithoutRegistering(
                                            PasskeyCeremony.requestOptions(browser, page)))
                            .asString())
                    .contains("That passkey could not sign you in.");
        }

        Response waiting = PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), good);
        assertThat(waiting.statusCode()).isEqualTo(200);
        assertThat(waiting.asString()).contains("Too many failed sign-ins: wait 2 seconds before trying again.");
        AuditEvents.await(
                Map.of("type", "sign_in_failed"),
                e -> "throttled".equals(AuditEvents.detail(e, "reason"))
                        && "passkey".equals(AuditEvents.detail(e, "method")));

        clock.advance(java.time.Duration.ofSeconds(3));
        assertThat(PasskeyCeremony.signIn(browser, browser.get("/account", Map.of()), good)
                        .statusCode())
                .isEqualTo(303);
    }
}
