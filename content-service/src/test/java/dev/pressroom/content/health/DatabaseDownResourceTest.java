package dev.pressroom.content.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(DatabaseDownProfile.class)
class DatabaseDownResourceTest {

    @Test
    void getWhenDatabaseDownThen503WithRetryAfter() {
        given().queryParam("key", "prc_any").get("/api/content/v1/blogs/demo/posts").then().statusCode(503)
                .header("Retry-After", "5")
                .body("errors[0].type", equalTo("ServiceUnavailableError"))
                .body("errors[0].code", equalTo("service_unavailable"));
    }

    @Test
    void readinessWhenDatabaseDownThenDown() {
        given().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
    }
}
