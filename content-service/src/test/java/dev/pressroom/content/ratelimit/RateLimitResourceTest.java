package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Limits shared through Redis (test db 11): per key, and separately per client address. */
@QuarkusTest
@TestProfile(LowLimitsProfile.class)
class RateLimitResourceTest {

    private static TestContent.Loaded blog;

    @Inject
    ContentAdmin admin;

    @Inject
    RedisDataSource redis;

    @BeforeEach
    void reset() {
        if (blog == null) {
            blog = TestContent.demo(admin, "limits-demo");
        }
        // Only this service's counters in its test database (db 11); never FLUSHALL, other services share the server.
        java.util.List<String> counters = redis.key().keys("rl:*");
        if (!counters.isEmpty()) {
            redis.key().del(counters.toArray(String[]::new));
        }
    }

    @Test
    void getWhenKeyOverLimitThen429WithRetryAfter() {
        for (int i = 0; i < 3; i++) {
            given().queryParam("key", blog.key()).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        }
        given().queryParam("key", blog.key()).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.matchesPattern("[1-9][0-9]?"))
                .header("Cache-Control", "no-store")
                .body("errors[0].type", equalTo("TooManyRequestsError"))
                .body("errors[0].code", equalTo("rate_limited"));
    }

    @Test
    void getWhenAddressOverLimitThen429AcrossKeys() throws Exception {
        String second = admin.createKey("limits-demo", "second", List.of()).key();
        for (int i = 0; i < 3; i++) {
            given().queryParam("key", blog.key()).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        }
        for (int i = 0; i < 2; i++) {
            given().queryParam("key", second).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        }
        given().queryParam("key", second).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(429)
                .body("errors[0].message", org.hamcrest.Matchers.containsString("client address"));
    }

    @Test
    void getWhenCountedThenCounterSharedInRedis() {
        given().queryParam("key", blog.key()).get("/api/content/v1/blogs/limits-demo/settings").then().statusCode(200);
        org.assertj.core.api.Assertions.assertThat(redis.key().keys("rl:*")).hasSize(2);
        org.assertj.core.api.Assertions.assertThat(redis.key().pttl(redis.key().keys("rl:k:*").get(0))).isBetween(1L, 30_000L);
    }
}
