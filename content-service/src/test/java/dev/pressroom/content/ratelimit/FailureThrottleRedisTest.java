package dev.pressroom.content.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.kernel.abuse.FailureThrottle;
import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.testing.MovableClock;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.redis.client.RedisOptions;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The kernel's FailureThrottle (behind InvalidKeys) against real Redis, and against an unreachable one. */
@QuarkusTest
class FailureThrottleRedisTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private final String prefix = "ft-test-" + UUID.randomUUID() + ":";
    private final MovableClock clock = new MovableClock(Clock.systemUTC());

    @Inject
    EventLoopRedis redisCommands;

    @Inject
    RedisDataSource redis;

    @Inject
    Vertx vertx;

    @AfterEach
    void forget() {
        redis.key().del(prefix + "a", prefix + "b", prefix + "c");
    }

    private FailureThrottle replica(EventLoopRedis over, Duration window, int maxSubjects) {
        return new FailureThrottle(over, clock, prefix, 3, window, Duration.ofSeconds(2), maxSubjects);
    }

    private FailureThrottle unreachable() {
        return new FailureThrottle(
                new EventLoopRedis(
                        vertx, new RedisOptions().setConnectionString("redis://127.0.0.1:1"), Duration.ofSeconds(5)),
                clock,
                prefix,
                3,
                Duration.ofSeconds(60),
                Duration.ofMillis(200),
                10);
    }

    private static long fail(FailureThrottle throttle, String subject) {
        return throttle.failed(subject).await().atMost(WAIT);
    }

    @Test
    void failedWhenOverAllowanceOnTwoReplicasThenBothBlockOnceTheyHearOfIt() {
        FailureThrottle one = replica(redisCommands, Duration.ofSeconds(60), 10);
        FailureThrottle two = replica(redisCommands, Duration.ofSeconds(60), 10);

        assertThat(fail(one, "a")).isZero();
        assertThat(fail(one, "a")).isZero();
        assertThat(fail(two, "a")).isZero();
        assertThat(one.blockedSeconds("a")).isZero();

        assertThat(fail(two, "a")).isBetween(1L, 60L);
        assertThat(two.blockedSeconds("a")).isBetween(1L, 60L);
        // One has not heard yet (no Redis call on a check); its next failure tells it.
        assertThat(one.blockedSeconds("a")).isZero();
        assertThat(fail(one, "a")).isBetween(1L, 60L);
        assertThat(one.blockedSeconds("a")).isBetween(1L, 60L);
        assertThat(one.blockedSeconds("b")).isZero();
        assertThat(redis.value(Long.class).get(prefix + "a")).isEqualTo(5L);
    }

    @Test
    void failedWhenWindowEndsThenTheSubjectStartsOver() {
        FailureThrottle throttle = replica(redisCommands, Duration.ofSeconds(1), 10);
        for (int i = 0; i < 3; i++) {
            fail(throttle, "a");
        }
        assertThat(fail(throttle, "a")).isEqualTo(1L);

        await().atMost(WAIT).until(() -> redis.key().exists(prefix + "a"), exists -> !exists);
        clock.advance(Duration.ofSeconds(1));

        assertThat(throttle.blockedSeconds("a")).isZero();
        assertThat(fail(throttle, "a")).isZero();
        assertThat(redis.value(Long.class).get(prefix + "a")).isEqualTo(1L);
    }

    /** Memory holds maxSubjects; a subject past that is not remembered, yet Redis still blocks it at each failure. */
    @Test
    void failedWhenMoreSubjectsThanMemoryHoldsThenRedisStillBlocksTheRest() {
        FailureThrottle throttle = replica(redisCommands, Duration.ofSeconds(60), 2);
        for (String subject : new String[] {"a", "b", "c"}) {
            for (int i = 0; i < 3; i++) {
                fail(throttle, subject);
            }
        }

        assertThat(fail(throttle, "c")).isPositive();
        assertThat(throttle.blockedSeconds("c")).isZero();
        assertThat(fail(throttle, "a")).isPositive();
        assertThat(throttle.blockedSeconds("a")).isPositive();
    }

    @Test
    void failedWhenRedisUnreachableThenCountedOnThisReplica() {
        FailureThrottle throttle = unreachable();
        for (int i = 0; i < 3; i++) {
            assertThat(fail(throttle, "a")).isZero();
        }

        assertThat(fail(throttle, "a")).isBetween(1L, 60L);
        assertThat(throttle.blockedSeconds("a")).isBetween(1L, 60L);
        clock.advance(Duration.ofSeconds(61));
        assertThat(throttle.blockedSeconds("a")).isZero();
        assertThat(fail(throttle, "a")).isZero();
    }
}
