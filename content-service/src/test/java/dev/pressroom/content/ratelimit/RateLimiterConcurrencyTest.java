package dev.pressroom.content.ratelimit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Many requests checking at once must all be counted in Redis: the client's connection pool and its wait queue have
 * to hold a replica's concurrency, or the limiter falls back to limiting locally exactly when the load is high.
 */
@QuarkusTest
class RateLimiterConcurrencyTest {

    private static final int AT_ONCE = 300;

    @Inject
    RateLimiter limiter;

    @Inject
    RedisDataSource redis;

    @Test
    void checkWhenHundredsAtOnceThenEveryHitCountedInRedis() {
        String key = "concurrency-" + UUID.randomUUID();
        String address = "198.51.100." + (int) (Math.random() * 250);
        List<Uni<Void>> checks = IntStream.range(0, AT_ONCE).mapToObj(i -> limiter.check(key, address)).toList();

        Uni.join().all(checks).andFailFast().await().atMost(Duration.ofSeconds(30));

        try {
            assertEquals(AT_ONCE, Long.parseLong(redis.value(String.class).get("rl:k:" + key)));
            assertEquals(AT_ONCE, Long.parseLong(redis.value(String.class).get("rl:a:" + address)));
        } finally {
            redis.key().del("rl:k:" + key, "rl:a:" + address);
        }
    }
}
