package dev.pressroom.auth.store;

import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.RedisTlsProfile;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * A Redis whose certificate, though signed by a trusted CA, names another host is not talked to: Quarkus checks no
 * host name by default, so without the service's setting anyone with a certificate from that CA could sit between.
 */
@QuarkusTest
@EnabledIf(
        value = "dev.pressroom.kernel.testing.RedisServers#tlsAvailable",
        disabledReason = "this redis-server was built without TLS")
@TestProfile(RedisTlsProfile.WrongName.class)
class RedisTlsWrongNameResourceTest {

    @Test
    void redisWhenCertificateNamesAnotherHostThenNotUsed() {
        Admin.management().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
        TestClients app = TestClients.create();
        new Browser()
                .get("/oauth/authorize", app.authorizeParams("openid"))
                .then()
                .statusCode(503);
    }
}
