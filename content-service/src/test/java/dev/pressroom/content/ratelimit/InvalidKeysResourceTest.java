package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.observe.Metrics;
import dev.pressroom.kernel.abuse.FailureThrottle;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Invalid keys counted per client address (InvalidKeysProfile: 3 per 30 s; 127.0.0.1 is the trusted proxy, so
 * X-Forwarded-For names the client). Each test is a client of its own IPv6 /64, which also shows that stepping
 * through one's /64 does not reset the count.
 */
@QuarkusTest
@TestProfile(InvalidKeysProfile.class)
class InvalidKeysResourceTest {

    private static final String SETTINGS = "/api/content/v1/blogs/guess-demo/settings";
    private static final String WRONG_KEY = "prc_" + "0".repeat(48);
    private static TestContent.Loaded blog;

    @Inject
    ContentAdmin admin;

    @Inject
    RedisDataSource redis;

    @Inject
    EventLoopRedis redisCommands;

    /** The client's /64 prefix, 4 groups of hex digits: every request picks a new address inside it. */
    private String prefix;

    @BeforeEach
    void newClient() {
        if (blog == null) {
            blog = TestContent.demo(admin, "guess-demo");
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        prefix = "2001:db8:%x:%x".formatted(random.nextInt(0x10000), random.nextInt(0x10000));
    }

    private RequestSpecification client() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return given().header(
                        "X-Forwarded-For",
                        "%s:%x:%x:%x:%x"
                                .formatted(
                                        prefix,
                                        random.nextInt(0x10000),
                                        random.nextInt(0x10000),
                                        random.nextInt(0x10000),
                                        random.nextInt(0x10000)));
    }

    private String counter() {
        return "rl:ik:" + prefix + "::/64";
    }

    @Test
    void getWhenFourthInvalidKeyFromAnAddressThen429ForEveryKeyOfIt() {
        double blockedBefore = Metrics.value("pressroom_content_invalid_key_blocked_total");
        for (int i = 0; i < 3; i++) {
            client().queryParam("key", WRONG_KEY)
                    .get(SETTINGS)
                    .then()
                    .statusCode(401)
                    .body("errors[0].code", equalTo("invalid_key"));
        }

        client().queryParam("key", WRONG_KEY)
                .get(SETTINGS)
                .then()
                .statusCode(429)
                .header("Retry-After", matchesPattern("[1-9]|[12][0-9]|30"))
                .header("Cache-Control", "no-store")
                .body("errors[0].type", equalTo("TooManyRequestsError"))
                .body("errors[0].code", equalTo("rate_limited"));
        // Blocked, a correct key too (or a right guess would still stand out); from this replica's memory.
        client().queryParam("key", blog.key()).get(SETTINGS).then().statusCode(429);
        // Another address is not affected.
        given().header("X-Forwarded-For", "2001:db8:ffff:ffff::1")
                .queryParam("key", blog.key())
                .get(SETTINGS)
                .then()
                .statusCode(200);
        assertThat(Metrics.value("pressroom_content_invalid_key_blocked_total") - blockedBefore)
                .isEqualTo(2);
        // One Redis key per guessing address, gone with its window.
        assertThat(redis.key().pttl(counter())).isBetween(1L, 30_000L);
    }

    @Test
    void getWhenGhostRouteBlockedThen429InGhostsErrorShape() {
        for (int i = 0; i < 3; i++) {
            client().queryParam("key", WRONG_KEY)
                    .get("/api/content/v1/blogs/guess-demo/ghost/api/content/posts/")
                    .then()
                    .statusCode(401);
        }
        client().queryParam("key", WRONG_KEY)
                .get("/api/content/v1/blogs/guess-demo/ghost/api/content/posts/")
                .then()
                .statusCode(429)
                .header("Retry-After", notNullValue())
                .body("errors[0].type", equalTo("TooManyRequestsError"))
                .body("errors[0].id", notNullValue())
                .body("errors[0].containsKey('ghostErrorCode')", equalTo(true));
    }

    /** Another replica's count (a second throttle over the same Redis) binds this one at the address's next failure. */
    @Test
    void getWhenOtherReplicaCountedTheAddressThenItsNextInvalidKeyHereIs429() {
        FailureThrottle otherReplica = new FailureThrottle(
                redisCommands, Clock.systemUTC(), "rl:ik:", 3, Duration.ofSeconds(30), Duration.ofSeconds(2), 10);
        for (int i = 0; i < 3; i++) {
            assertThat(otherReplica.failed(prefix + "::/64").await().atMost(Duration.ofSeconds(5)))
                    .isZero();
        }

        // This replica has not heard of the address: its good key passes, its first wrong one is the fourth.
        client().queryParam("key", blog.key()).get(SETTINGS).then().statusCode(200);
        client().queryParam("key", WRONG_KEY).get(SETTINGS).then().statusCode(429);
        client().queryParam("key", blog.key()).get(SETTINGS).then().statusCode(429);
    }

    @Test
    void getWhenKeysValidMissingOrMalformedThenNothingCounted() {
        for (int i = 0; i < 4; i++) {
            client().queryParam("key", blog.key()).get(SETTINGS).then().statusCode(200);
            client().get(SETTINGS).then().statusCode(401).body("errors[0].code", equalTo("missing_key"));
            client().header("Authorization", "Bearer " + blog.key())
                    .get(SETTINGS)
                    .then()
                    .statusCode(401)
                    .body("errors[0].code", equalTo("invalid_key"));
        }

        assertThat(redis.key().exists(counter())).isFalse();
        client().queryParam("key", WRONG_KEY).get(SETTINGS).then().statusCode(401);
        assertThat(redis.value(Long.class).get(counter())).isEqualTo(1L);
    }
}
