package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.RedisCommandCalls;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A session cookie names its account's hash tag, as tokens do, so the session lies in the account's Redis slot and an
 * authorization reads it and the consent's copy in one MGET. The copy is taken only beside a session of its account,
 * and a cookie given before cookies named the tag still signs its person in.
 */
@QuarkusTest
class SessionCookieResourceTest {

    private static final String SESSION = "pr_session";
    private static final String ASKS = "name=\"decision\" value=\"allow\"";

    @Inject
    RedisDataSource redis;

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
        app.code(browser, "openid");
    }

    @Test
    void signInWhenSessionStartsThenCookieNamesTheAccountsTagAndTheSessionLiesInItsSlot() {
        String cookie = browser.cookie(SESSION);
        String tag = RedisKeys.tag(app.accountId);

        assertThat(cookie).matches(tag + "\\.[A-Za-z0-9_-]{43}");
        assertThat(RedisKeys.tagOf(cookie)).isEqualTo(tag);
        assertThat(redis.key().exists("auth:{" + tag + "}:sess:" + Tokens.sha256(cookie)))
                .isTrue();
    }

    @Test
    void authorizeWhenSignedInThenSessionAndConsentReadInOneRoundTrip() {
        int authorizations = 10;
        long getsBefore = RedisCommandCalls.of(redis, "GET");
        long mgetsBefore = RedisCommandCalls.of(redis, "MGET");

        for (int i = 0; i < authorizations; i++) {
            assertThat(app.codeAgain(browser, "openid")).isNotNull();
        }

        assertThat(RedisCommandCalls.of(redis, "MGET") - mgetsBefore)
                .as("MGET calls")
                .isGreaterThanOrEqualTo(authorizations);
        // Before, each authorization sent two GETs (the session, then the consent's copy). Other work of the service
        // may send a GET meanwhile, never one per authorization.
        assertThat(RedisCommandCalls.of(redis, "GET") - getsBefore)
                .as("GET calls")
                .isLessThan(authorizations);
    }

    @Test
    void authorizeWhenCookieIsFromBeforeTheTagThenItsSessionStillSignsIn() {
        String session = redis.value(String.class).get(RedisKeys.session(browser.cookie(SESSION)));
        String untagged = Tokens.random(32);
        redis.value(String.class).setex(RedisKeys.session(untagged), 600, session);
        assertThat(RedisKeys.session(untagged)).startsWith("auth:sess:");

        Browser earlier = new Browser();
        earlier.setCookie(SESSION, untagged);

        assertThat(app.codeAgain(earlier, "openid")).isNotNull();
    }

    @Test
    void authorizeWhenSessionIsNotOfTheCookiesAccountThenTheSlotsConsentIsNotTaken() {
        // Another person's session, saved under a cookie naming this account's tag (no cookie we give does this).
        TestClients other = TestClients.create();
        Browser otherBrowser = new Browser();
        other.code(otherBrowser, "openid");
        String otherSession = redis.value(String.class).get(RedisKeys.session(otherBrowser.cookie(SESSION)));
        String forged = RedisKeys.tag(app.accountId) + "." + Tokens.random(32);
        redis.value(String.class).setex(RedisKeys.session(forged), 600, otherSession);

        Browser forgedBrowser = new Browser();
        forgedBrowser.setCookie(SESSION, forged);

        // The copy beside it is this account's consent to the app; the other person never gave it.
        assertThat(forgedBrowser
                        .get("/oauth/authorize", app.authorizeParams("openid"))
                        .asString())
                .contains(ASKS);
    }
}
