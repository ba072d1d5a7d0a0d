package dev.pressroom.auth.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import io.vertx.mutiny.redis.client.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Redis pool's gauges count the connections of every event loop's client (kernel EventLoopRedis), not only those
 * of Quarkus's client, which serves callers off the event loops.
 */
@QuarkusTest
class RedisPoolMetricsTest {

    private static final String ACTIVE = "redis_pool_active";

    @Inject
    Vertx vertx;

    @Inject
    EventLoopRedis redis;

    @Test
    void connectionHeldOnEventLoopThenCountedAsInUse() throws Exception {
        CompletableFuture<Response> answered = new CompletableFuture<>();
        // A loop holds the connection its commands are pipelined on from its first command on.
        vertx.getOrCreateContext()
                .runOnContext(ignored ->
                        redis.execute("PING").subscribe().with(answered::complete, answered::completeExceptionally));
        answered.get(5, TimeUnit.SECONDS);

        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertThat(Admin.scrape().value(ACTIVE))
                        .as("connections in use, summed over the pools")
                        .isGreaterThanOrEqualTo(1));

        assertThat(Admin.scrape().labelValues(ACTIVE, "pool_name"))
                .as("each event loop's pool under a name of its own")
                .anyMatch(name -> name.contains(EventLoopRedis.LOOP_POOL));
    }
}
