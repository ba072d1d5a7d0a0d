package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TimeMachine;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A grant holds a bounded number of live tokens, and revoking a full grant takes every one of them. */
@QuarkusTest
class GrantBoundsResourceTest {

    @Inject
    TimeMachine time;

    @Inject
    AuthConfig config;

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
