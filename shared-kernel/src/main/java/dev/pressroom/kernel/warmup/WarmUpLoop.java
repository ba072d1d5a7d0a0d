package dev.pressroom.kernel.warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Repeats a session's round on {@link #CONNECTIONS} threads until told to stop. A round that fails counts as failed
 * and the next starts afresh; after {@link #GIVE_UP_AFTER} failed rounds in a row (a datastore down, a listener on TLS
 * only) the loop ends, as it does when stopped. Each thread finishes the round it began.
 */
public final class WarmUpLoop {

    /** Rounds at once: two per core of a 2-core pod, as the auth bench's warm-up mix. */
    public static final int CONNECTIONS = 4;

    static final int GIVE_UP_AFTER = 10;

    /** What a warm-up did: rounds completed and failed, and the first failure's description. */
    public record Outcome(int rounds, int failed, String firstFailure) {}

    private final WarmUpRounds.Session session;
    private final AtomicInteger rounds = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger failedInARow = new AtomicInteger();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();

    public WarmUpLoop(WarmUpRounds.Session session) {
        this.session = session;
    }

    /** Rounds completed so far. */
    public int rounds() {
        return rounds.get();
    }

    public Outcome run(BooleanSupplier stop) throws InterruptedException {
        ExecutorService threads = Executors.newFixedThreadPool(CONNECTIONS, task -> {
            Thread thread = new Thread(task, "warm-up");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<?>> loops = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                loops.add(threads.submit(() -> repeat(stop)));
            }
            for (Future<?> loop : loops) {
                loop.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a warm-up thread crashed", e.getCause());
        } finally {
            threads.shutdownNow();
        }
        return new Outcome(rounds.get(), failed.get(), firstFailure.get());
    }

    private void repeat(BooleanSupplier stop) {
        while (!stop.getAsBoolean()
                && failedInARow.get() < GIVE_UP_AFTER
                && !Thread.currentThread().isInterrupted()) {
            try {
                session.round();
                rounds.incrementAndGet();
                failedInARow.set(0);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                failed.incrementAndGet();
                failedInARow.incrementAndGet();
                firstFailure.compareAndSet(null, WarmUpFailure.describe(e));
            }
        }
    }
}
