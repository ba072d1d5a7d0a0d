package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** Redis unreachable: the API keeps serving, and limits still hold, counted by this replica alone. */
@QuarkusTest
@TestProfile(RedisDownProfile.class)
class RedisDownResourceTest {

    @Inject
    ContentAdmin admin;

    @Test
    void getWhenRedisDownThenServedAndLimitedLocally() {
        TestContent.Loaded blog = TestContent.demo(admin, "redis-down-demo");
        for (int i = 0; i < 3; i++) {
            given().queryParam("key", blog.key())
                    .get("/api/content/v1/blogs/redis-down-demo/posts")
                    .then()
                    .statusCode(200)
                    .body("meta.pagination.total", equalTo(4));
        }
        given().queryParam("key", blog.key())
                .get("/api/content/v1/blogs/redis-down-demo/posts")
                .then()
                .statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("errors[0].code", equalTo("rate_limited"));
    }
}
