package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.observe.Metrics;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Rate-limit decisions and the fallback gauge, through a Redis outage (3 per key, 5 per address). */
@QuarkusTest
@TestProfile(RedisProxyProfile.class)
class RateLimitMetricsResourceTest {

    private static final String DECISIONS = "pressroom_content_rate_limit_decisions_total";
    private static final String FALLBACK = "pressroom_content_rate_limiter_fallback";
    private static final AtomicInteger ADDRESSES = new AtomicInteger();
    private static TestContent.Loaded blog;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() {
        if (blog == null) {
            blog = TestContent.demo(admin, "limit-metrics");
        }
    }

    @AfterEach
    void restore() {
        RedisProxyProfile.restore();
    }

    @Test
    void getWhenUnderThenOverTheKeyLimitThenAllowedAndLimitedCounted() throws Exception {
        String key = newKey();
        String address = newAddress();
        double allowed = Metrics.value(DECISIONS, "decision", "allowed");
        double limited = Metrics.value(DECISIONS, "decision", "limited");

        for (int i = 0; i < 3; i++) {
            settings(key, address).then().statusCode(200);
        }
        settings(key, address).then().statusCode(429);

        assertThat(Metrics.value(DECISIONS, "decision", "allowed")).isEqualTo(allowed + 3);
        assertThat(Metrics.value(DECISIONS, "decision", "limited")).isEqualTo(limited + 1);
    }

    @Test
    void fallbackWhenRedisCutThenOneUntilRedisAnswersAgain() throws Exception {
        assertThat(Metrics.value(FALLBACK)).isZero();

        RedisProxyProfile.cut();
        // A new key's first request must reach Redis, which fails: the request is limited locally and served.
        settings(newKey(), newAddress()).then().statusCode(200);
        assertThat(Metrics.value(FALLBACK)).isEqualTo(1);

        RedisProxyProfile.restore();
        assertThat(Metrics.await(value -> value == 0, FALLBACK)).isZero();
        settings(newKey(), newAddress()).then().statusCode(200);
        assertThat(Metrics.value(FALLBACK)).isZero();
    }

    private static Response settings(String key, String address) {
        return given().header("X-Forwarded-For", address)
                .queryParam("key", key)
                .get("/api/content/v1/blogs/limit-metrics/settings");
    }

    private String newKey() throws Exception {
        return admin.createKey("limit-metrics", "client-" + UUID.randomUUID(), List.of())
                .key();
    }

    private static String newAddress() {
        return "192.0.2." + ADDRESSES.incrementAndGet();
    }
}
