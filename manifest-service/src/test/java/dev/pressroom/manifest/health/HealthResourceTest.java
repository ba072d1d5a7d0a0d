package dev.pressroom.manifest.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** Health checks answer on the management interface only, which no Service or ingress exposes. */
@QuarkusTest
class HealthResourceTest {

    @Test
    void livenessWhenRunningThenUp() {
        management().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void readinessWhenRunningThenUp() {
        management().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void healthWhenAskedOnThePublicPortThenNotFound() {
        given().get("/q/health/ready").then().statusCode(404);
    }

    private static RequestSpecification management() {
        return given().port(ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class));
    }
}
