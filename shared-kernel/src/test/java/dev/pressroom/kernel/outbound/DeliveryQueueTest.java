package dev.pressroom.kernel.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.outbound.DeliveryQueue.Job;
import dev.pressroom.kernel.outbound.DeliveryQueue.Next;
import dev.pressroom.kernel.outbound.DeliveryQueue.Policy;
import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.testing.MovableClock;
import dev.pressroom.kernel.testing.RedisServers;
import io.vertx.mutiny.core.Vertx;
import io.vertx.redis.client.RedisOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The queue against a private redis-server of this test, restarted clients included. */
class DeliveryQueueTest {

    private static final Policy POLICY = new Policy(
            3, Duration.ofHours(1), Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofSeconds(30), 5, 100, 2);

    private static Vertx vertx;
    private static int port;

    private final MovableClock clock = new MovableClock(Clock.systemUTC());
    private final String prefix = "test:{" + UUID.randomUUID() + "}:";

    @BeforeAll
    static void startRedis() {
        port = RedisServers.start("delivery-queue", List.of());
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.closeAndAwait();
    }

    /** A queue over a new connection, as a restarted replica would have. */
    private DeliveryQueue queue() {
        EventLoopRedis redis = new EventLoopRedis(
                vertx, new RedisOptions().setConnectionString("redis://127.0.0.1:" + port), Duration.ofSeconds(5));
        return new DeliveryQueue(redis, clock, new Random(7), prefix, POLICY);
    }

    private static Job claimed(DeliveryQueue queue) {
        Optional<Job> job = queue.claim().await().indefinitely();
        assertThat(job).isPresent();
        return job.get();
    }

    @Test
    void claimWhenQueuedBeforeARestartThenTheNewConnectionGetsTheJob() {
        assertThat(queue().enqueue("https://rp.example/logout", "logout_token=a")
                        .await()
                        .indefinitely())
                .isTrue();

        Job job = claimed(queue());

        assertThat(job.target()).isEqualTo("https://rp.example/logout");
        assertThat(job.body()).isEqualTo("logout_token=a");
        assertThat(job.attempts()).isZero();
    }

    @Test
    void claimWhenLeasedThenNotClaimedAgainUntilTheLeaseEnds() {
        DeliveryQueue queue = queue();
        queue.enqueue("https://rp.example/logout", "x").await().indefinitely();
        Job job = claimed(queue);

        assertThat(queue.claim().await().indefinitely()).isEmpty();
        clock.advance(POLICY.lease().plusSeconds(1));
        assertThat(claimed(queue).id()).isEqualTo(job.id());
    }

    @Test
    void deliveredWhenReportedThenGone() {
        DeliveryQueue queue = queue();
        queue.enqueue("https://rp.example/logout", "x").await().indefinitely();

        queue.delivered(claimed(queue)).await().indefinitely();

        clock.advance(Duration.ofHours(1));
        assertThat(queue.claim().await().indefinitely()).isEmpty();
        assertThat(queue.size().await().indefinitely()).isZero();
    }

    @Test
    void failedWhenAttemptsLeftThenRetriedAfterBackoffWithTheAttemptCounted() {
        DeliveryQueue queue = queue();
        queue.enqueue("https://rp.example/logout", "x").await().indefinitely();

        assertThat(queue.failed(claimed(queue), "500").await().indefinitely()).isEqualTo(Next.RETRY);

        assertThat(queue.claim().await().indefinitely())
                .as("not before the backoff")
                .isEmpty();
        clock.advance(POLICY.firstBackoff());
        assertThat(claimed(queue).attempts()).isEqualTo(1);
    }

    @Test
    void failedWhenOutOfAttemptsThenDeadLettered() {
        DeliveryQueue queue = queue();
        queue.enqueue("https://rp.example/logout", "x").await().indefinitely();

        List<Next> outcomes = new java.util.ArrayList<>();
        for (int i = 0; i < POLICY.maxAttempts(); i++) {
            outcomes.add(queue.failed(claimed(queue), "timeout").await().indefinitely());
            clock.advance(POLICY.maxBackoff());
        }

        assertThat(outcomes).containsExactly(Next.RETRY, Next.RETRY, Next.DEAD);
        assertThat(queue.size().await().indefinitely()).isZero();
        assertThat(queue.deadCount().await().indefinitely()).isEqualTo(1);
    }

    @Test
    void failedWhenOlderThanMaxAgeThenDeadLetteredAtOnce() {
        DeliveryQueue queue = queue();
        queue.enqueue("https://rp.example/logout", "x").await().indefinitely();
        Job job = claimed(queue);

        clock.advance(POLICY.maxAge());

        assertThat(queue.failed(job, "timeout").await().indefinitely()).isEqualTo(Next.DEAD);
    }

    @Test
    void enqueueWhenFullOrBodyTooLargeThenRefused() {
        DeliveryQueue queue = queue();
        for (int i = 0; i < POLICY.maxQueued(); i++) {
            assertThat(queue.enqueue("https://rp.example/" + i, "x").await().indefinitely())
                    .isTrue();
        }

        assertThat(queue.enqueue("https://rp.example/one-more", "x").await().indefinitely())
                .isFalse();
        assertThat(queue.size().await().indefinitely()).isEqualTo(POLICY.maxQueued());
        assertThat(queue().enqueue("https://rp.example/big", "x".repeat(POLICY.maxBody() + 1))
                        .await()
                        .indefinitely())
                .isFalse();
    }

    @Test
    void deadLettersWhenMoreThanMaxDeadThenOnlyTheNewestKept() {
        DeliveryQueue queue = queue();
        for (int i = 0; i < 4; i++) {
            queue.enqueue("https://rp.example/" + i, "x").await().indefinitely();
            Job job = claimed(queue);
            clock.advance(POLICY.maxAge());
            queue.failed(job, "gone").await().indefinitely();
        }

        assertThat(queue.deadCount().await().indefinitely()).isEqualTo(POLICY.maxDead());
    }

    @Test
    void backoffWhenFailuresGrowThenDoublesWithJitterUpToTheCap() {
        DeliveryQueue queue = queue();
        for (int failures = 1; failures <= 40; failures++) {
            long full = Math.min(
                    POLICY.maxBackoff().toMillis(),
                    failures >= 31 ? Long.MAX_VALUE : POLICY.firstBackoff().toMillis() << (failures - 1));
            assertThat(queue.backoff(failures).toMillis())
                    .as("after %d failures", failures)
                    .isBetween(full / 2, full);
        }
    }
}
