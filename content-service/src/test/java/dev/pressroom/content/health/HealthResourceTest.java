package dev.pressroom.content.health;

import static dev.pressroom.content.observe.Management.management;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Health checks answer on the management interface only, which no Service or ingress exposes. */
@QuarkusTest
class HealthResourceTest {

    @Test
    void livenessWhenRunningThenUp() {
        management().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void readinessWhenPostgresAnswersThenUpWithItsCheck() {
        management()
                .get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("Reactive PostgreSQL connections health check"));
    }

    @Test
    void healthWhenAskedOnThePublicPortThenNotFound() {
        given().get("/q/health/ready").then().statusCode(404);
    }
}
