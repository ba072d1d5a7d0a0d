package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.RedisAclProfile;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.kernel.testing.RedisServers;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The deployed Redis users: auth-service works with only its own keys and commands, and content-service's user
 * can neither read nor write them (nor anyone's keys but its rate-limit counters).
 */
@QuarkusTest
@TestProfile(RedisAclProfile.class)
class RedisAclResourceTest {

    private static final String COUNT_SCRIPT = "return redis.call('INCRBY', KEYS[1], 1)";
    private static final String[][] ADMINISTRATION = {
        {"KEYS", "*"},
        {"SCAN", "0"},
        {"FLUSHALL"},
        {"FLUSHDB"},
        {"CONFIG", "GET", "*"},
        {"ACL", "LIST"},
        {"CLIENT", "KILL", "ID", "1"},
        {"SHUTDOWN"}
    };

    @Test
    void everyFlowWhenSignedInAsItsOwnRedisUserThenWorks() {
        TestClients app = TestClients.create();
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

        Browser browser = new Browser();
        Response first = app.exchange(app.code(browser, "openid offline_access"));
        Response second = app.refresh(first.path("refresh_token"));
        second.then().statusCode(200);
        app.refresh(first.path("refresh_token")).then().statusCode(200); // a retry within the grace
        app.refresh(second.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));
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
        Admin.management().get("/q/health/ready").then().statusCode(200);
        assertThat(RedisServers.send(
                        RedisAclProfile.port(),
                        List.of("AUTH", "default", RedisAclProfile.ADMIN_PASSWORD),
                        List.of("SELECT", ConfigProvider.getConfig().getValue("auth.redis.db", String.class)),
                        List.of("DBSIZE")))
                .as("the flows wrote to this Redis")
                .isNotEqualTo(":0");
    }

    @Test
    void contentServiceUserWhenTouchingAuthKeysThenRefused() {
        int port = RedisAclProfile.port();
        String password = RedisAclProfile.CONTENT_PASSWORD;
        assertThat(content(port, password, "SET", "auth:sess:x", "1")).startsWith("-NOPERM");
        assertThat(content(port, password, "GET", "auth:sess:x")).startsWith("-NOPERM");
        assertThat(content(port, password, "EVAL", COUNT_SCRIPT, "1", "auth:{a}:at:x"))
                .startsWith("-NOPERM");
        assertThat(content(port, password, "EVAL", "return redis.call('DEL', 'auth:sess:x')", "0"))
                .startsWith("-");
        for (String[] admin : ADMINISTRATION) {
            assertThat(content(port, password, admin)).as(admin[0]).startsWith("-NOPERM");
        }
        // What it needs: its own counters, through its limiter's script.
        assertThat(content(port, password, "EVAL", COUNT_SCRIPT, "1", "rl:a:192.0.2.1"))
                .startsWith(":");
    }

    @Test
    void authServiceUserWhenTouchingOtherKeysOrAdministeringThenRefused() {
        int port = RedisAclProfile.port();
        String password = RedisAclProfile.AUTH_PASSWORD;
        assertThat(RedisServers.callAs(port, "auth-service", password, "EVAL", COUNT_SCRIPT, "1", "rl:a:192.0.2.1"))
                .startsWith("-NOPERM");
        for (String[] admin : ADMINISTRATION) {
            assertThat(RedisServers.callAs(port, "auth-service", password, admin))
                    .as(admin[0])
                    .startsWith("-NOPERM");
        }
    }

    private static String content(int port, String password, String... command) {
        return RedisServers.callAs(port, "content-service", password, command);
    }
}
