package dev.pressroom.content.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The limiter against real Redis (test db 11), with the default limits (6,000 per key, 1,200 per address). */
@QuarkusTest
class RateLimiterRedisTest {

    private final String key = "redis-test-" + UUID.randomUUID();
    private final String address = "198.51.100." + (int) (Math.random() * 250);

    @Inject
    RateLimiter limiter;

    @Inject
    RedisDataSource redis;

    @AfterEach
    void forget() {
        redis.key().del(SharedWindows.redisKey("rl:", "k:" + key), SharedWindows.redisKey("rl:", "a:" + address));
    }

    /** The client's connection pool and wait queue must hold a replica's concurrency, or hits escape to local limiting. */
    @Test
    void checkWhenHundredsAtOnceThenEveryHitCountedInRedis() {
        List<Uni<Void>> checks = IntStream.range(0, 300)
                .mapToObj(i -> limiter.check(key, address))
                .toList();

        Uni.join().all(checks).andFailFast().await().atMost(Duration.ofSeconds(30));

        assertEquals(300, redisCount(SharedWindows.redisKey("rl:", "k:" + key)));
        assertEquals(300, redisCount(SharedWindows.redisKey("rl:", "a:" + address)));
    }

    @Test
    void checkWhenWindowKnownThenHitsReachRedisWithinSyncInterval() {
        for (int i = 0; i < 50; i++) {
            limiter.check(key, address).await().atMost(Duration.ofSeconds(5));
        }

        // Synced every 100 ms, and never more than the 50 hits made; without a sync they would never arrive. 10 s: a
        // starved machine runs the sync timer late.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(redisCount(SharedWindows.redisKey("rl:", "k:" + key))).isEqualTo(50);
            assertThat(redisCount(SharedWindows.redisKey("rl:", "a:" + address)))
                    .isEqualTo(50);
        });
    }

    /** Another replica's hits (added straight to Redis here) bind this replica after the next sync. */
    @Test
    void checkWhenOtherReplicasFilledTheCounterThen429AfterSync() {
        limiter.check(key, address).await().atMost(Duration.ofSeconds(5));
        redis.value(Long.class).incrby(SharedWindows.redisKey("rl:", "k:" + key), 6_000);
        limiter.check(key, address).await().atMost(Duration.ofSeconds(5));

        await().atMost(Duration.ofSeconds(10)).until(this::status, status -> status == 429);
    }

    private int status() {
        return limiter.check(key, address)
                .onItem()
                .transform(v -> 200)
                .onFailure(ApiException.class)
                .recoverWithItem(e -> e.status())
                .await()
                .atMost(Duration.ofSeconds(5));
    }

    private long redisCount(String counter) {
        String value = redis.value(String.class).get(counter);
        return value == null ? 0 : Long.parseLong(value);
    }
}
