package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.passkey.PasskeyChallenges;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PendingLimitProfile;
import dev.pressroom.auth.support.TestAddresses;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Unauthenticated visitors cannot grow Redis. What they can make the service write: a pending request per sign-in page
 * (each address may leave only so many waiting), the limits' counters (one key per address or page and window), and
 * a passkey challenge set per sign-in page (at most {@link PasskeyChallenges#LIVE_PER_CEREMONY} challenges, each
 * living 2 minutes). Options are counted per page and per address. Pushed authorization requests (RFC 9126), each
 * kept a minute, are counted per client and per address.
 */
@QuarkusTest
@TestProfile(PendingLimitProfile.class)
class PendingRequestLimitResourceTest {

    @Inject
    TestClock clock;

    @Inject
    RedisDataSource redis;

    @AfterEach
    void reset() {
        clock.reset();
    }

    @Test
    void passkeyOptionsWhenAskedOverAndOverThenFewLivePerPageAndCountedPerPageAndAddress() {
        // One minute throughout, from an address of its own: no other test's or run's counts meet these.
        clock.stop();
        Browser browser = new Browser().from(TestAddresses.fresh());
        Response first = browser.get("/account", Map.of());
        for (int i = 0; i < AuthorizationFlow.PASSKEY_OPTIONS_PER_SIGN_IN; i++) {
            assertThat(options(browser, first).statusCode()).isEqualTo(200);
            assertThat(liveChallenges(first)).isLessThanOrEqualTo(PasskeyChallenges.LIVE_PER_CEREMONY);
        }
        assertThat(liveChallenges(first)).isEqualTo(PasskeyChallenges.LIVE_PER_CEREMONY);
        assertThat(redis.execute("TTL", challengesKey(first)).toLong())
                .isBetween(1L, PasskeyChallenges.LIFETIME.toSeconds());

        Response refused = options(browser, first);
        assertThat(refused.statusCode()).as("one page asks for only so many").isEqualTo(429);
        assertThat(refused.contentType()).startsWith("text/html");

        // Another page of the same address, until the address's count for the minute is spent.
        Response second = browser.get("/account", Map.of());
        int left = PendingLimitProfile.PASSKEY_OPTIONS_PER_MINUTE - AuthorizationFlow.PASSKEY_OPTIONS_PER_SIGN_IN - 1;
        for (int i = 0; i < left; i++) {
            assertThat(options(browser, second).statusCode()).isEqualTo(200);
        }
        assertThat(options(browser, second).statusCode())
                .as("one address asks for only so many")
                .isEqualTo(429);
        assertThat(liveChallenges(second)).isEqualTo(PasskeyChallenges.LIVE_PER_CEREMONY);
    }

    @Test
    void authorizeWhenAddressLeftTooManyRequestsWaitingThen429PageButSignedInPersonStillGetsCodes() {
        // At the start of a fresh counting window, so the count cannot straddle two.
        long window = Duration.ofMinutes(15).toSeconds();
        clock.advance(Duration.ofSeconds(window - clock.instant().getEpochSecond() % window));
        TestClients app = TestClients.create();
        // An address of its own: an earlier run's requests may still wait in this window at 127.0.0.1.
        String address = TestAddresses.fresh();
        Browser person = new Browser().from(address);
        // Sign-in page, then consent page: two requests left waiting.
        app.code(person, "openid");
        for (int i = 2; i < PendingLimitProfile.LIMIT - 1; i++) {
            new Browser()
                    .from(address)
                    .get("/oauth/authorize", app.authorizeParams("openid"))
                    .then()
                    .statusCode(200);
        }
        new Browser().from(address).get("/account", Map.of()).then().statusCode(200);

        Response refused = new Browser().from(address).get("/oauth/authorize", app.authorizeParams("openid"));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.contentType()).startsWith("text/html");
        assertThat(refused.asString()).contains("Too many sign-ins were started from your network");
        assertThat(new Browser().from(address).get("/account", Map.of()).statusCode())
                .isEqualTo(429);
        // Nothing waits for a person who is signed in and consented: no request is kept, so none is refused.
        assertThat(app.codeAgain(person, "openid")).isNotBlank();
    }

    @Test
    void pushWhenClientOrAddressPushedTooManyThisMinuteThen429AndEachKeptOnlyItsMinute() {
        // One minute throughout, from addresses of their own: no other test's or run's counts meet these.
        clock.stop();
        TestClients app = TestClients.create();
        String address = TestAddresses.fresh();
        for (int i = 0; i < PendingLimitProfile.LIMIT; i++) {
            Response pushed = push(app, address);
            assertThat(pushed.statusCode()).as(pushed.asString()).isEqualTo(201);
            assertThat(redis.execute("TTL", pushedKey(pushed.path("request_uri")))
                            .toLong())
                    .isBetween(1L, 60L);
        }

        Response byClient = push(app, TestAddresses.fresh());
        assertThat(byClient.statusCode()).as("one client pushes only so many").isEqualTo(429);
        assertThat(byClient.<String>path("error")).isEqualTo("slow_down");
        Response byAddress = push(TestClients.create(), address);
        assertThat(byAddress.statusCode()).as("one address pushes only so many").isEqualTo(429);
        assertThat(byAddress.<String>path("error")).isEqualTo("slow_down");
    }

    private static Response push(TestClients app, String address) {
        return Admin.publicApi()
                .header("X-Forwarded-For", address)
                .auth()
                .preemptive()
                .basic(app.clientId, app.secret)
                .formParams(app.authorizeParams("openid"))
                .post("/oauth/par");
    }

    /** The key a pushed request is kept under: a hash of its request_uri. */
    private static String pushedKey(String requestUri) {
        return "auth:par:" + Tokens.sha256(requestUri);
    }

    private static Response options(Browser browser, Response signInPage) {
        return browser.post(
                "/signin/passkey/options",
                Map.of("request", Browser.hidden(signInPage, "request"), "csrf", Browser.hidden(signInPage, "csrf")));
    }

    private long liveChallenges(Response signInPage) {
        return redis.execute("ZCARD", challengesKey(signInPage)).toLong();
    }

    /** The key PasskeyChallenges keeps a sign-in page's challenges under: a hash of the ceremony's binding. */
    private static String challengesKey(Response signInPage) {
        return "auth:pkc:" + Tokens.sha256("signin:" + Browser.hidden(signInPage, "request"));
    }
}
