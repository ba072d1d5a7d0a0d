package dev.pressroom.kernel.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.testing.RedisServers;
import io.vertx.mutiny.core.Vertx;
import io.vertx.redis.client.RedisOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Counters shared by two replicas over one Redis: the first hit at once, the rest in batches, Redis down. */
class SharedWindowsTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);
    /** Long enough that no timer batch runs unless a test asks for one. */
    private static final SharedWindows.Settings SETTINGS =
            new SharedWindows.Settings(Duration.ofHours(1), Duration.ofSeconds(5), Duration.ofSeconds(30));

    private static int port;
    private static Vertx vertx;
    private static EventLoopRedis redis;

    private final String prefix = "test:" + UUID.randomUUID() + ":";
    private final List<SharedWindows> replicas = new ArrayList<>();

    @BeforeAll
    static void start() {
        port = RedisServers.start("shared-windows", List.of());
        vertx = Vertx.vertx();
        redis = new EventLoopRedis(
                vertx, new RedisOptions().setConnectionString("redis://127.0.0.1:" + port), Duration.ofSeconds(5));
    }

    @AfterAll
    static void stop() {
        vertx.closeAndAwait();
    }

    @AfterEach
    void closeReplicas() {
        replicas.forEach(SharedWindows::close);
    }

    private SharedWindows replica(EventLoopRedis over) {
        SharedWindows windows = new SharedWindows(over, prefix, Clock.systemUTC(), vertx.getDelegate(), SETTINGS);
        replicas.add(windows);
        return windows;
    }

    private long inRedis(String client) {
        var count = redis.execute("GET", SharedWindows.redisKey(prefix, client))
                .await()
                .indefinitely();
        return count == null ? 0 : count.toLong();
    }

    @Test
    void hitWhenFirstOfTheWindowThenCountedInRedisAtOnce() {
        SharedWindows one = replica(redis);
        SharedWindows two = replica(redis);

        assertThat(one.hit("a", MINUTE).await().indefinitely().count()).isEqualTo(1);
        assertThat(inRedis("a")).isEqualTo(1);
        // The other replica's first hit of the window sees the first one's.
        Usage second = two.hit("a", MINUTE).await().indefinitely();
        assertThat(second.count()).isEqualTo(2);
        assertThat(second.resetMillis()).isBetween(1L, MINUTE.toMillis());
    }

    @Test
    void hitWhenWindowKnownThenCountedHereAndSentInTheNextBatch() {
        SharedWindows one = replica(redis);
        one.hit("a", MINUTE).await().indefinitely();
        for (int i = 2; i <= 50; i++) {
            assertThat(one.hit("a", MINUTE).await().indefinitely().count()).isEqualTo(i);
        }
        assertThat(inRedis("a")).as("later hits wait for the batch").isEqualTo(1);

        one.sync().await().indefinitely();

        assertThat(inRedis("a")).isEqualTo(50);
        assertThat(one.hit("a", MINUTE).await().indefinitely().count()).isEqualTo(51);
    }

    @Test
    void hitWhenClientsFallInDifferentSlotsThenEachCountedInItsOwn() {
        SharedWindows one = replica(redis);
        List<String> clients = new ArrayList<>(List.of("c0"));
        for (int i = 1; clients.size() < 2; i++) {
            if (SharedWindows.bucket("c" + i) != SharedWindows.bucket("c0")) {
                clients.add("c" + i);
            }
        }

        List<Usage> usages = one.hit(clients, MINUTE).await().indefinitely();

        assertThat(usages).extracting(Usage::count).containsExactly(1L, 1L);
        assertThat(inRedis(clients.get(0))).isEqualTo(1);
        assertThat(inRedis(clients.get(1))).isEqualTo(1);
    }

    @Test
    void hitWhenRedisUnreachableThenCountedOnThisReplica() {
        SharedWindows alone = replica(new EventLoopRedis(
                vertx, new RedisOptions().setConnectionString("redis://127.0.0.1:1"), Duration.ofSeconds(5)));

        assertThat(alone.hit("a", MINUTE).await().indefinitely().count()).isEqualTo(1);
        assertThat(alone.limitingLocally()).isTrue();
        assertThat(alone.hit("a", MINUTE).await().indefinitely().count()).isEqualTo(2);
    }
}
