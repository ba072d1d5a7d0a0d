package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The authorization answers from Redis's copy of the consent (store/ConsentMirror), yet a removed consent is asked for
 * again at once: the copy follows every change, a copy read before a removal cannot be written back over it, and a
 * consent gone from PostgreSQL behind the copy's back is caught at the exchange and the copy put right.
 */
@QuarkusTest
class ConsentMirrorResourceTest {

    private static final String ASKS = "name=\"decision\" value=\"allow\"";

    @Inject
    ConsentMirror mirror;

    @Inject
    Pool postgres;

    @Inject
    RedisDataSource redis;

    private TestClients app;
    private Browser browser;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        browser = new Browser();
    }

    @Test
    void authorizeWhenConsentGivenThenCopyHoldsItAndNextCodeNeedsNoQuestion() {
        app.code(browser, "openid email");

        ConsentMirror.Copy copy = copy();
        assertThat(copy.isRemoved()).isFalse();
        assertThat(copy.scopes()).containsExactlyInAnyOrder("openid", "email");
        assertThat(app.codeAgain(browser, "openid email")).isNotNull();
    }

    @Test
    void authorizeWhenConsentRemovedThenAskedAgainThoughAnEarlierReadIsWrittenBack() {
        app.code(browser, "openid");
        ConsentMirror.Copy before = copy();
        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);
        assertThat(copy().isRemoved()).isTrue();

        // A replica that read the consent from PostgreSQL just before the removal writes its read back after it.
        mirror.write(app.accountId, app.clientId, before).await().indefinitely();

        assertThat(copy().isRemoved()).isTrue();
        assertThat(browser.get("/oauth/authorize", app.authorizeParams("openid"))
                        .asString())
                .contains(ASKS);
    }

    @Test
    void authorizeWhenMoreScopesAskedThenOnlyThoseAskedAndCopyHoldsAll() {
        app.code(browser, "openid");
        Response page = browser.get("/oauth/authorize", app.authorizeParams("openid email"));
        assertThat(page.asString()).contains(ASKS);
        TestClients.allow(browser, page).then().statusCode(303);

        assertThat(copy().scopes()).containsExactlyInAnyOrder("openid", "email");
        assertThat(app.codeAgain(browser, "openid email")).isNotNull();
    }

    @Test
    void authorizeWhenCopyMissingThenAnsweredFromPostgresAndCopyFilled() {
        app.code(browser, "openid");
        ConsentMirror.Copy written = copy();
        redis.key().del(RedisKeys.consent(app.accountId, app.clientId));

        assertThat(app.codeAgain(browser, "openid")).isNotNull();
        assertThat(copy()).isEqualTo(written);
    }

    @Test
    void exchangeWhenConsentDeletedBehindTheCopyThenRefusedAndNextAuthorizationAsks() {
        // A code issued on the consent page: nothing has asked PostgreSQL for the consent's id since it was given.
        String code = app.code(browser, "openid");
        postgres.preparedQuery("DELETE FROM consents WHERE account_id = $1")
                .execute(Tuple.of(UUID.fromString(app.accountId)))
                .await()
                .indefinitely();

        app.exchange(code).then().statusCode(400).body("error", equalTo("invalid_grant"));
        assertThat(copy().isRemoved()).isTrue();
        assertThat(browser.get("/oauth/authorize", app.authorizeParams("openid"))
                        .asString())
                .contains(ASKS);
    }

    private ConsentMirror.Copy copy() {
        return mirror.find(app.accountId, app.clientId).await().indefinitely();
    }
}
