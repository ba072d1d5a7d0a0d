package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import dev.pressroom.auth.support.TimeMachine;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A grant holds a bounded number of live tokens, and revoking a full grant takes every one of them; a DPoP key holds a
 * bounded number of recorded proofs, each for a bounded time.
 */
@QuarkusTest
class GrantBoundsResourceTest {

    @Inject
    TimeMachine time;

    @Inject
    AuthConfig config;

    @Inject
    DpopStore dpop;

    @Inject
    TestClock clock;

    @Inject
    RedisCalls redis;

    @Inject
    TokenStore tokens;

    @AfterEach
    void reset() {
        time.reset();
    }

    @Test
    void refreshWhenGrantFullThen429AndTokenStaysCurrentUntilAccessTokensExpire() {
        TestClients app = TestClients.create();
        Response tokens = app.exchange(app.code(new Browser(), "openid offline_access"));
        String refresh = fill(app, tokens, new ArrayList<>(), config.limits().liveTokensPerGrant());

        app.refresh(refresh).then().statusCode(429).body("error", equalTo("slow_down"));
        time.advance(Duration.ofMinutes(61));
        app.refresh(refresh).then().statusCode(200);
    }

    @Test
    void removeWhenGrantFullThenEveryAccessTokenRevokedOverSeveralBatches() {
        assertThat(config.limits().liveTokensPerGrant()).isGreaterThan(RedisStores.REVOKE_BATCH);
        TestClients app = TestClients.create();
        Response tokens = app.exchange(app.code(new Browser(), "openid offline_access"));
        String first = tokens.path("access_token");
        List<String> accessTokens = new ArrayList<>(List.of(first));
        String refresh = fill(app, tokens, accessTokens, config.limits().liveTokensPerGrant());

        AccountPages.removeApp(AccountPages.signedIn(app), app.clientId).then().statusCode(303);
        for (String token : accessTokens) {
            Admin.publicApi()
                    .header("Authorization", "Bearer " + token)
                    .get("/oauth/userinfo")
                    .then()
                    .statusCode(401);
        }
        app.refresh(refresh).then().statusCode(400);
    }

    @Test
    void removeAppWhenItHoldsThousandsOfGrantsThenEveryOneRevoked() {
        // Each code exchange is a grant of its own: an app that signs a person in daily for years, or a warm-up,
        // holds thousands. Revoking them one after the other once nested a Uni per grant and overflowed the stack.
        String accountId = UUID.randomUUID().toString();
        String clientId = "many-grants-" + Tokens.random(8);
        long now = clock.instant().getEpochSecond();
        List<String> accessTokens = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            Grant grant = new Grant(
                    UUID.randomUUID().toString(),
                    UUID.randomUUID().toString(),
                    clientId,
                    accountId,
                    List.of("openid"),
                    now,
                    "sid",
                    List.of("pwd"),
                    now,
                    now,
                    now + 3600,
                    null,
                    null,
                    null);
            String accessToken = RedisKeys.newToken(accountId);
            assertThat(tokens.mint(null, grant, accessToken, grant, null)
                            .await()
                            .indefinitely())
                    .isEqualTo(TokenStore.Minted.MINTED);
            accessTokens.add(accessToken);
        }

        tokens.revokeApp(accountId, clientId).await().atMost(Duration.ofSeconds(60));

        for (String accessToken : List.of(accessTokens.get(0), accessTokens.get(2_500), accessTokens.get(4_999))) {
            assertThat(tokens.findAccessToken(accessToken).await().indefinitely())
                    .isNull();
        }
        assertThat(redis.command("ZCARD", RedisKeys.app(accountId, clientId))
                        .await()
                        .indefinitely()
                        .toLong())
                .isZero();
    }

    @Test
    void useWhenKeyHasAllItsProofsRecordedThenFullAndTheSetStaysBoundedAndExpires() {
        String jkt = Tokens.sha256("a key of the bounds test " + Tokens.random(8));
        int max = config.dpop().proofsPerKey();
        long lifetime = 2 * config.dpop().proofWindow().toSeconds();
        long expiresAt = clock.instant().getEpochSecond() + lifetime;
        for (int i = 0; i < max; i++) {
            assertThat(use(jkt, "jti-" + i, expiresAt)).isEqualTo(DpopStore.ProofUse.FIRST);
        }

        assertThat(use(jkt, "jti-" + max, expiresAt)).isEqualTo(DpopStore.ProofUse.FULL);
        assertThat(use(jkt, "jti-0", expiresAt)).isEqualTo(DpopStore.ProofUse.REPLAYED);
        String key = RedisKeys.dpopProofs(jkt);
        assertThat(redis.command("ZCARD", key).await().indefinitely().toLong()).isEqualTo(max);
        assertThat(redis.command("TTL", key).await().indefinitely().toLong()).isBetween(1L, lifetime);

        // Once the recorded proofs expired (by the service's clock; Redis has not dropped the set yet), the key may
        // prove again, and the script drops the expired.
        clock.advance(Duration.ofSeconds(lifetime + 1));
        assertThat(use(jkt, "jti-" + max, expiresAt + lifetime + 1)).isEqualTo(DpopStore.ProofUse.FIRST);
        assertThat(redis.command("ZCARD", key).await().indefinitely().toLong()).isEqualTo(1);
    }

    private DpopStore.ProofUse use(String jkt, String jti, long expiresAt) {
        return dpop.use(jkt, jti, expiresAt, config.dpop().proofsPerKey())
                .await()
                .indefinitely();
    }

    /**
     * Refreshes until the grant is full (the code exchange's access and refresh token, then one more live token per
     * refresh); answers the current refresh token.
     */
    private static String fill(TestClients app, Response tokens, List<String> accessTokens, int liveTokens) {
        String refresh = tokens.path("refresh_token");
        for (int i = 0; i < liveTokens - 2; i++) {
            Response next = app.refresh(refresh);
            next.then().statusCode(200);
            accessTokens.add(next.path("access_token"));
            refresh = next.path("refresh_token");
        }
        return refresh;
    }
}
