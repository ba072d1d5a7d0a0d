package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.RedisClusterProfile;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.kernel.testing.RedisServers;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every script on a real three-node Redis Cluster: each declares its keys and keeps them in one slot, or the cluster
 * refuses it (CROSSSLOT, or a key the node does not serve).
 */
@QuarkusTest
@TestProfile(RedisClusterProfile.class)
class RedisClusterResourceTest {

    @Test
    void everyFlowWhenRedisIsAClusterThenWorksAsOnOneNode() {
        TestClients app = TestClients.create();
        Browser browser = new Browser();
        Response first = app.exchange(app.code(browser, "openid offline_access"));
        first.then().statusCode(200);
        Response second = app.refresh(first.path("refresh_token"));
        second.then().statusCode(200);
        // A retry within the grace replaces the unused successor (the script with the successor's keys, one slot)...
        Response retried = app.refresh(first.path("refresh_token"));
        retried.then().statusCode(200);
        // ...which, coming back, is reuse and revokes the chain: its current refresh token is gone too.
        app.refresh(second.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
        app.refresh(retried.path("refresh_token")).then().statusCode(400);

        Response again = app.exchange(app.codeAgain(browser, "openid offline_access"));
        Admin.publicApi()
                .header("Authorization", "Bearer " + again.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(200);
        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);
        Admin.publicApi()
                .header("Authorization", "Bearer " + again.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(401);
        app.refresh(again.path("refresh_token")).then().statusCode(400);

        Browser stranger = new Browser();
        Response page = stranger.get("/oauth/authorize", app.authorizeParams("openid"));
        assertThat(stranger.post(
                                "/signin",
                                Map.of(
                                        "request",
                                        Browser.hidden(page, "request"),
                                        "csrf",
                                        Browser.hidden(page, "csrf"),
                                        "email",
                                        app.email,
                                        "password",
                                        "wrong password"))
                        .asString())
                .contains("Wrong email or password.");

        Admin.management().get("/q/health/ready").then().statusCode(200);
        long nodesHoldingKeys = RedisClusterProfile.ports().stream()
                .filter(port -> Long.parseLong(RedisServers.call(port, "DBSIZE").substring(1)) > 0)
                .count();
        assertThat(nodesHoldingKeys).as("keys spread over the cluster").isGreaterThan(1);
    }
}
