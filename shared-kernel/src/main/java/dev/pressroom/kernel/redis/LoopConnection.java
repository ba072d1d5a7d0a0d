package dev.pressroom.kernel.redis;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.Future;
import io.vertx.core.impl.ContextInternal;
import io.vertx.mutiny.redis.client.Redis;
import io.vertx.mutiny.redis.client.RedisConnection;
import io.vertx.mutiny.redis.client.Request;
import io.vertx.mutiny.redis.client.Response;
import io.vertx.redis.client.impl.PooledRedisConnection;
import java.time.Duration;

/**
 * One event loop's connection to a standalone Redis, every command of the loop pipelined on it: Redis answers a
 * connection's commands in the order sent, so requests in flight together share its writes and reads instead of each
 * taking a pooled connection of its own (auth-service/bench/RESULTS.md, session 26). Used on its loop's thread only,
 * so it needs no locks.
 *
 * <p>A pipeline has one weakness a pool has not: a connection that stops answering (a partition, a Redis that froze)
 * holds every later command behind it. So the connection is closed once commands have waited {@code unansweredLimit}
 * without a single answer, and the loop's next command opens another. Commands that block Redis-side (BLPOP and the
 * like) would hold the loop's every other command too: the services send none.
 */
final class LoopConnection implements EventLoopRedis.LoopSender {

    private final Redis client;
    private final long unansweredLimitNanos;
    private final long watchdog;
    private final ContextInternal loop;

    /** The open or opening connection; null when the next command must open one. */
    private Uni<RedisConnection> current;
    /** Counts the connections opened, so that each one's handlers know whether it is still the current one. */
    private long generation;

    private int unanswered;
    /** When the oldest unanswered command was sent, or the last answer came, whichever is later. */
    private long lastProgress;

    LoopConnection(ContextInternal loop, Redis client, Duration unansweredLimit) {
        this.loop = loop;
        this.client = client;
        this.unansweredLimitNanos = unansweredLimit.toNanos();
        this.watchdog = loop.setPeriodic(Math.max(50, unansweredLimit.toMillis() / 4), ignored -> closeIfStalled());
    }

    @Override
    public Uni<Response> send(Request request) {
        if (current == null) {
            current = open();
        }
        ContextInternal sender = ContextInternal.current();
        return current.chain(open -> {
            if (unanswered++ == 0) {
                lastProgress = System.nanoTime();
            }
            // Counted on the reply itself: a caller that gave up (its deadline) cancels only its own subscription.
            return UniHelper.toUni(sentFrom(sender, open.getDelegate(), request).onComplete(answered -> {
                        unanswered--;
                        lastProgress = System.nanoTime();
                    }))
                    .map(Response::newInstance);
        });
    }

    /**
     * A reply is handled on the context its command was sent from (the client takes the current one). Commands that
     * waited for the connection to open are sent when it opens, on the context of the request that opened it: each is
     * sent from its own request's context instead, which holds that request's trace and Hibernate Reactive session.
     */
    private static Future<io.vertx.redis.client.Response> sentFrom(
            ContextInternal sender, io.vertx.redis.client.RedisConnection connection, Request request) {
        if (sender == ContextInternal.current()) {
            return connection.send(request.getDelegate());
        }
        ContextInternal previous = sender.beginDispatch();
        try {
            return connection.send(request.getDelegate());
        } finally {
            sender.endDispatch(previous);
        }
    }

    private Uni<RedisConnection> open() {
        long opened = ++generation;
        return client.connect()
                .invoke(connection -> {
                    connection.exceptionHandler(failure -> forget(opened));
                    connection.endHandler(() -> forget(opened));
                })
                .onFailure()
                .invoke(failure -> forget(opened))
                .memoize()
                .indefinitely();
    }

    /** A connection's end must not drop the one opened after it. */
    private void forget(long opened) {
        if (generation == opened) {
            current = null;
        }
    }

    private void closeIfStalled() {
        if (unanswered == 0 || System.nanoTime() - lastProgress < unansweredLimitNanos || current == null) {
            return;
        }
        Uni<RedisConnection> stalled = current;
        current = null;
        lastProgress = System.nanoTime();
        // Closed for good, not handed back to the pool: its waiting commands fail at once.
        stalled.subscribe()
                .with(
                        open -> ((PooledRedisConnection) open.getDelegate())
                                .actual()
                                .forceClose(),
                        failure -> {});
    }

    @Override
    public void close() {
        loop.owner().cancelTimer(watchdog);
        client.close();
    }
}
