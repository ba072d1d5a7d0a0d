package dev.pressroom.auth.password;

import dev.pressroom.auth.error.OAuthException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The threads that compute password hashes, never the event loop: as many as the hasher has work areas
 * (AUTH_HASH_THREADS), so no hash waits for one, and a bounded queue of hashes waiting for a thread (AUTH_HASH_QUEUE).
 * A hash beyond the queue fails at once with 503 temporarily_unavailable instead of waiting behind a flood of
 * sign-ins for minutes, and the memory in flight stays at threads × the work area.
 * Measured: the hashes waiting ({@value #QUEUE_DEPTH}) and how long each waited for a thread ({@value #WAIT}).
 */
public final class HashingPool {

    static final String QUEUE_DEPTH = "pressroom.auth.hash.queue.depth";
    static final String WAIT = "pressroom.auth.hash.wait";

    private final ThreadPoolExecutor executor;
    private final Timer wait;

    /** @throws IllegalArgumentException unless both are at least 1 (a bad setting stops the start) */
    public HashingPool(int threads, int queue, MeterRegistry registry) {
        if (threads < 1 || queue < 1) {
            throw new IllegalArgumentException(
                    "AUTH_HASH_THREADS and AUTH_HASH_QUEUE must be at least 1, not " + threads + " and " + queue);
        }
        this.executor = new ThreadPoolExecutor(
                threads,
                threads,
                0,
                TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(queue),
                r -> {
                    Thread t = new Thread(r, "password-hash");
                    t.setDaemon(true);
                    return t;
                },
                new ThreadPoolExecutor.AbortPolicy());
        Gauge.builder(QUEUE_DEPTH, executor, e -> e.getQueue().size())
                .description("Password hashes waiting for a hashing thread")
                .register(registry);
        // A few buckets, so a queue that makes sign-ins wait shows in a quantile, not only in the mean.
        this.wait = Timer.builder(WAIT)
                .description("Time a password hash waited for a hashing thread")
                .serviceLevelObjectives(
                        Duration.ofMillis(1),
                        Duration.ofMillis(10),
                        Duration.ofMillis(100),
                        Duration.ofMillis(500),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(5))
                .register(registry);
    }

    public int threads() {
        return executor.getCorePoolSize();
    }

    /** The hash's result, computed on the pool; an OAuthException 503 at once when the pool and its queue are full. */
    public <T> Uni<T> run(Supplier<T> hash) {
        return Uni.createFrom().emitter(emitter -> {
            long submitted = System.nanoTime();
            try {
                executor.execute(() -> {
                    wait.record(System.nanoTime() - submitted, TimeUnit.NANOSECONDS);
                    T result;
                    try {
                        result = hash.get();
                    } catch (RuntimeException e) {
                        emitter.fail(e);
                        return;
                    }
                    emitter.complete(result);
                });
            } catch (RejectedExecutionException e) {
                emitter.fail(OAuthException.unavailable("Too many sign-ins at once; try again shortly."));
            }
        });
    }

    public void close() {
        executor.shutdownNow();
    }
}
