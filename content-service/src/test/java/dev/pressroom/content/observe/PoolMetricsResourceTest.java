package dev.pressroom.content.observe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The reactive PostgreSQL pool's use, from the Micrometer Vert.x binder (the only pool of type sql). */
@QuarkusTest
class PoolMetricsResourceTest {

    @Inject
    ContentAdmin admin;

    @Test
    void poolWhenUncachedRequestThenAcquisitionsCountedAndGaugesPresent() {
        TestContent.Loaded blog = TestContent.demo(admin, "pool-metrics");
        double acquired = Metrics.value("sql_pool_completed_total", "pool_type", "sql");
        double waited = Metrics.value("sql_pool_queue_delay_seconds_count", "pool_type", "sql");

        // An unknown key is never cached: its lookup needs a connection.
        given().queryParam("key", "prc_" + UUID.randomUUID().toString().replace("-", ""))
                .get("/api/content/v1/blogs/pool-metrics/posts")
                .then()
                .statusCode(401);
        given().queryParam("key", blog.key())
                .queryParam("limit", "9")
                .get("/api/content/v1/blogs/pool-metrics/posts")
                .then()
                .statusCode(200);

        assertThat(Metrics.value("sql_pool_completed_total", "pool_type", "sql"))
                .isGreaterThanOrEqualTo(acquired + 2);
        assertThat(Metrics.value("sql_pool_queue_delay_seconds_count", "pool_type", "sql"))
                .isGreaterThanOrEqualTo(waited + 2);
        assertThat(Metrics.present("sql_pool_active", "pool_type", "sql")).isTrue();
        assertThat(Metrics.present("sql_pool_idle", "pool_type", "sql")).isTrue();
        assertThat(Metrics.present("sql_pool_queue_size", "pool_type", "sql")).isTrue();
        assertThat(Metrics.present("sql_pool_usage_seconds_count", "pool_type", "sql"))
                .isTrue();
    }
}
