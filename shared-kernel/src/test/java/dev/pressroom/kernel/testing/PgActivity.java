package dev.pressroom.kernel.testing;

import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** What PostgreSQL is running, as pg_stat_activity says: for tests that check a statement was really ended. */
public final class PgActivity {

    private PgActivity() {}

    /** A statement that runs for 30 s, named by {@code marker} so that pg_stat_activity can tell it apart. */
    public static String slowStatement(String marker) {
        return "SELECT pg_sleep(30) AS " + marker;
    }

    /** Waits until no other session runs a statement containing {@code marker}; fails after {@code within}. */
    public static void awaitNoneRunning(Pool pool, String marker, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        long running;
        while ((running = running(pool, marker)) > 0) {
            if (System.nanoTime() > until) {
                throw new AssertionError(running + " statement(s) with " + marker + " still running after " + within);
            }
            Thread.sleep(100);
        }
    }

    private static long running(Pool pool, String marker) throws InterruptedException {
        try {
            return pool.preparedQuery("SELECT count(*) FROM pg_stat_activity"
                            + " WHERE state = 'active' AND pid <> pg_backend_pid() AND strpos(query, $1) > 0")
                    .execute(Tuple.of(marker))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(5, TimeUnit.SECONDS)
                    .iterator()
                    .next()
                    .getLong(0);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("pg_stat_activity", e);
        }
    }
}
