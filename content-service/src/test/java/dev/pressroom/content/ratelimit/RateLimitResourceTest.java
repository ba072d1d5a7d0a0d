package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.key.KeyDirectory;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Limits shared through Redis (test db 11): per key, and separately per client address. */
@QuarkusTest
@TestProfile(LowLimitsProfile.class)
class RateLimitResourceTest {

    private static final AtomicInteger ADDRESSES = new AtomicInteger();
    private static TestContent.Loaded blog;

    @Inject
    ContentAdmin admin;

    @Inject
    RedisDataSource redis;

    @Inject
    KeyDirectory keys;

    /** Each test is a new client (own key, own address): the service remembers counts it has seen in memory. */
    private String key;

    private String address;

    @BeforeEach
    void newClient() throws Exception {
        if (blog == null) {
            blog = TestContent.demo(admin, "limits-demo");
        }
        key = admin.createKey("limits-demo", "client-" + UUID.randomUUID(), List.of())
                .key();
        address = "203.0.113." + ADDRESSES.incrementAndGet();
    }

    private RequestSpecification client(String apiKey) {
        return given().header("X-Forwarded-For", address).queryParam("key", apiKey);
    }

    @Test
    void getWhenKeyOverLimitThen429WithRetryAfter() {
        for (int i = 0; i < 3; i++) {
            client(key).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        }
        client(key)
                .get("/api/content/v1/blogs/limits-demo/settings")
                .then()
                .statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.matchesPattern("[1-9][0-9]?"))
                .header("Cache-Control", "no-store")
                .body("errors[0].type", equalTo("TooManyRequestsError"))
                .body("errors[0].code", equalTo("rate_limited"));
    }

    @Test
    void getWhenAddressOverLimitThen429AcrossKeys() throws Exception {
        String second = admin.createKey("limits-demo", "second", List.of()).key();
        for (int i = 0; i < 3; i++) {
            client(key).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        }
        for (int i = 0; i < 2; i++) {
            client(second)
                    .get("/api/content/v1/blogs/limits-demo/settings")
                    .then()
                    .statusCode(200);
        }
        client(second)
                .get("/api/content/v1/blogs/limits-demo/settings")
                .then()
                .statusCode(429)
                .body("errors[0].message", org.hamcrest.Matchers.containsString("client address"));
    }

    @Test
    void getWhenCountedThenCounterSharedInRedis() {
        client(key).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        org.assertj.core.api.Assertions.assertThat(redis.key().pttl(SharedWindows.redisKey("rl:", "a:" + address)))
                .isBetween(1L, 30_000L);
        org.assertj.core.api.Assertions.assertThat(
                        redis.key().pttl(SharedWindows.redisKey("rl:", "k:" + keys.hash(key))))
                .isBetween(1L, 30_000L);
    }
}
