package dev.pressroom.manifest.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class HealthResourceTest {

    @Test
    void livenessWhenRunningThenUp() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void readinessWhenRunningThenUp() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }
}
