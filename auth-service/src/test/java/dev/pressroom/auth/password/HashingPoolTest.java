package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.error.OAuthException;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HashingPoolTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final HashingPool pool = new HashingPool(1, 2, registry);

    @AfterEach
    void close() {
        pool.close();
    }

    @Test
    void runWhenPoolAndQueueFullThenBurstAnswers503AtOnce() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        List<Uni<String>> admitted = new ArrayList<>();
        // One hash on the thread, blocked, and two waiting in the queue: the bound.
        admitted.add(pool.run(() -> {
                    started.countDown();
                    await(release);
                    return "first";
                })
                .memoize()
                .indefinitely());
        admitted.get(0).subscribe().with(x -> {}, e -> {});
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        for (String name : List.of("second", "third")) {
            Uni<String> queued = pool.run(() -> name).memoize().indefinitely();
            queued.subscribe().with(x -> {}, e -> {});
            admitted.add(queued);
        }

        long start = System.nanoTime();
        for (int i = 0; i < 50; i++) {
            assertThatThrownBy(() -> pool.run(() -> "beyond").await().atMost(Duration.ofSeconds(1)))
                    .isInstanceOfSatisfying(OAuthException.class, e -> {
                        assertThat(e.status()).isEqualTo(503);
                        assertThat(e.error()).isEqualTo("temporarily_unavailable");
                    });
        }
        // A refusal that waited for room would take the second atMost allows, 50 s in all: 5 s is immediate even on a
        // machine a CPU hog starves.
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("50 refusals")
                .isLessThan(Duration.ofSeconds(5));

        release.countDown();
        assertThat(admitted.stream()
                        .map(u -> u.await().atMost(Duration.ofSeconds(10)))
                        .toList())
                .containsExactly("first", "second", "third");
        assertThat(pool.run(() -> "after").await().atMost(Duration.ofSeconds(10)))
                .isEqualTo("after");
    }

    @Test
    void runWhenHashesQueueThenDepthAndWaitAreMeasured() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        Uni<String> first = pool.run(() -> {
                    started.countDown();
                    await(release);
                    return "first";
                })
                .memoize()
                .indefinitely();
        first.subscribe().with(x -> {}, e -> {});
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        List<Uni<String>> queued = new ArrayList<>();
        for (String name : List.of("second", "third")) {
            Uni<String> hash = pool.run(() -> name).memoize().indefinitely();
            hash.subscribe().with(x -> {}, e -> {});
            queued.add(hash);
        }
        assertThat(registry.get(HashingPool.QUEUE_DEPTH).gauge().value()).isEqualTo(2);

        Thread.sleep(200);
        release.countDown();
        queued.forEach(hash -> hash.await().atMost(Duration.ofSeconds(10)));

        assertThat(registry.get(HashingPool.QUEUE_DEPTH).gauge().value()).isZero();
        Timer wait = registry.get(HashingPool.WAIT).timer();
        assertThat(wait.count()).as("every hash that reached a thread").isEqualTo(3);
        assertThat(wait.max(TimeUnit.MILLISECONDS))
                .as("the queued hashes waited for the first")
                .isGreaterThanOrEqualTo(200);
    }

    @Test
    void runWhenHashFailsThenTheFailureComesBack() {
        assertThatThrownBy(() -> pool.run(() -> {
                            throw new IllegalStateException("no memory for an Argon2 hash");
                        })
                        .await()
                        .atMost(Duration.ofSeconds(10)))
                .hasMessageContaining("no memory");
    }

    @Test
    void newWhenNoThreadOrNoQueueThenRefused() {
        assertThatThrownBy(() -> new HashingPool(0, 10, registry))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("AUTH_HASH_THREADS");
        assertThatThrownBy(() -> new HashingPool(1, 0, registry))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("AUTH_HASH_QUEUE");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
