package dev.pressroom.auth.health;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import dev.pressroom.auth.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Probes are served on the management interface (AUTH_ADMIN_PORT), as the deployment expects. */
@QuarkusTest
class HealthResourceTest {

    @Test
    void livenessWhenRunningThenUp() {
        Admin.management().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void readinessWhenPostgresAndRedisAnswerThenUpWithBothChecks() {
        Admin.management()
                .get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body(
                        "checks.name",
                        hasItems("Reactive PostgreSQL connections health check", "Redis connection health check"));
    }
}
