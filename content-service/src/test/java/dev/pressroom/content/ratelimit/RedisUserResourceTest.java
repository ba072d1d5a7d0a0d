package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.key.KeyDirectory;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import dev.pressroom.kernel.testing.RedisServers;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** Signed in to Redis as its own ACL user, as deployed, the service still counts and limits in Redis. */
@QuarkusTest
@TestProfile(RedisUserProfile.class)
class RedisUserResourceTest {

    @Inject
    ContentAdmin admin;

    @Inject
    KeyDirectory keys;

    @Test
    void limitsWhenSignedInAsItsOwnRedisUserThenCountedInRedisAndEnforced() throws Exception {
        TestContent.demo(admin, "acl-demo");
        String key = admin.createKey("acl-demo", "client-" + UUID.randomUUID(), List.of())
                .key();
        String address = "198.51.100.7";
        for (int i = 0; i < 3; i++) {
            given().header("X-Forwarded-For", address)
                    .queryParam("key", key)
                    .get("/api/content/v1/blogs/acl-demo/settings")
                    .then()
                    .statusCode(200);
        }
        given().header("X-Forwarded-For", address)
                .queryParam("key", key)
                .get("/api/content/v1/blogs/acl-demo/settings")
                .then()
                .statusCode(429);

        int port = RedisUserProfile.port();
        assertThat(RedisServers.send(
                        port, admin(), select(), List.of("GET", SharedWindows.redisKey("rl:", "k:" + keys.hash(key)))))
                .matches("[1-9][0-9]*");
        assertThat(RedisServers.send(
                        port, admin(), select(), List.of("PTTL", SharedWindows.redisKey("rl:", "a:" + address))))
                .startsWith(":");

        // The invalid-key count's script runs only commands the ACL user has (else it would count locally).
        given().header("X-Forwarded-For", "198.51.100.8")
                .queryParam("key", "prc_" + "1".repeat(48))
                .get("/api/content/v1/blogs/acl-demo/settings")
                .then()
                .statusCode(401);
        assertThat(RedisServers.send(port, admin(), select(), List.of("GET", "rl:ik:198.51.100.8")))
                .isEqualTo("1");
    }

    /** The service's Redis database (11, or what -Dcontent.redis.db chose). */
    private static List<String> select() {
        return List.of("SELECT", ConfigProvider.getConfig().getValue("content.redis.db", String.class));
    }

    private static List<String> admin() {
        return List.of("AUTH", "default", RedisUserProfile.ADMIN_PASSWORD);
    }
}
