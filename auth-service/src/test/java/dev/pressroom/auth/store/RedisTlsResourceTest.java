package dev.pressroom.auth.store;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.RedisTlsProfile;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/** Over TLS (rediss), as in prod: a server with a certificate for its address and a trusted CA serves every flow. */
@QuarkusTest
@EnabledIf(
        value = "dev.pressroom.kernel.testing.RedisServers#tlsAvailable",
        disabledReason = "this redis-server was built without TLS")
@TestProfile(RedisTlsProfile.class)
class RedisTlsResourceTest {

    @Test
    void flowsWhenRedisReachedOverTlsThenWork() {
        TestClients app = TestClients.create();
        Response tokens = app.exchange(app.code(new Browser(), "openid offline_access"));
        tokens.then().statusCode(200);
        app.refresh(tokens.path("refresh_token")).then().statusCode(200);
        Admin.management().get("/q/health/ready").then().statusCode(200);
    }
}
