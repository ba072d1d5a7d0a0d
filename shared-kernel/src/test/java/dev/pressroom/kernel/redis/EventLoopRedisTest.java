package dev.pressroom.kernel.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.testing.CuttableProxy;
import dev.pressroom.kernel.testing.RedisServers;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.VertxOptions;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.impl.VertxInternal;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.redis.client.Response;
import io.vertx.redis.client.RedisOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each event loop pipelines its commands on one connection of its own, and gives up a connection that stops answering;
 * callers outside any loop still get answers.
 */
class EventLoopRedisTest {

    private static final String PROXY = "event-loop-redis";
    private static final Duration UNANSWERED_LIMIT = Duration.ofSeconds(1);

    private static int port;
    private static Vertx vertx;
    private static EventLoopRedis redis;
    private static EventLoopRedis throughProxy;

    @BeforeAll
    static void start() {
        port = RedisServers.start("event-loop-redis", List.of());
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
        // Quarkus's pool size: a pool would open up to 32 connections for commands in flight together.
        redis = new EventLoopRedis(vertx, options(port), UNANSWERED_LIMIT);
        throughProxy =
                new EventLoopRedis(vertx, options(CuttableProxy.start(PROXY, "127.0.0.1", port)), UNANSWERED_LIMIT);
    }

    private static RedisOptions options(int port) {
        return new RedisOptions()
                .setConnectionString("redis://127.0.0.1:" + port)
                .setMaxPoolSize(32);
    }

    @AfterEach
    void restore() {
        CuttableProxy.restore(PROXY);
    }

    @AfterAll
    static void stop() {
        redis.close();
        throughProxy.close();
        vertx.closeAndAwait();
    }

    @Test
    void eachEventLoopUsesItsOwnConnection() throws Exception {
        VertxInternal internal = (VertxInternal) vertx.getDelegate();
        Context first = internal.createEventLoopContext();
        Context second = internal.createEventLoopContext();
        assertThat(((ContextInternal) first).nettyEventLoop())
                .as("two contexts made in a row take the two loops in turn")
                .isNotSameAs(((ContextInternal) second).nettyEventLoop());

        long firstId = clientIdFrom(first, redis);
        long secondId = clientIdFrom(second, redis);

        // One shared pool would answer the second loop on the first loop's idle connection.
        assertThat(secondId).isNotEqualTo(firstId);
        assertThat(clientIdFrom(first, redis)).isEqualTo(firstId);
        assertThat(clientIdFrom(second, redis)).isEqualTo(secondId);
    }

    @Test
    void commandsInFlightTogetherThenAllOnTheLoopsOneConnection() throws Exception {
        Context loop = ((VertxInternal) vertx.getDelegate()).createEventLoopContext();
        CompletableFuture<List<Long>> ids = onLoop(
                loop,
                () -> Multi.createFrom()
                        .range(0, 40)
                        // All forty sent before the first answer comes back.
                        .onItem()
                        .transformToUniAndMerge(i -> redis.execute("CLIENT", "ID"))
                        .map(Response::toLong)
                        .collect()
                        .asList());

        assertThat(ids.get(10, TimeUnit.SECONDS)).hasSize(40).containsOnly(clientIdFrom(loop, redis));
    }

    @Test
    void connectionUnansweredPastTheLimitThenClosedAndTheNextCommandOpensAnother() throws Exception {
        Context loop = ((VertxInternal) vertx.getDelegate()).createEventLoopContext();
        long before = clientIdFrom(loop, throughProxy);

        CuttableProxy.partition(PROXY);
        CompletableFuture<Response> waiting = onLoop(loop, () -> throughProxy.execute("PING"));

        // Failed by the connection's closing, not held as long as the partition lasts.
        assertThatThrownBy(() -> waiting.get(UNANSWERED_LIMIT.multipliedBy(5).toMillis(), TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class);
        CuttableProxy.restore(PROXY);
        assertThat(clientIdFrom(loop, throughProxy)).isNotEqualTo(before);
    }

    @Test
    void callerGivesUpOnAStalledCommandThenTheConnectionIsStillClosed() throws Exception {
        Context loop = ((VertxInternal) vertx.getDelegate()).createEventLoopContext();
        long before = clientIdFrom(loop, throughProxy);

        CuttableProxy.partition(PROXY);
        CompletableFuture<Response> abandoned = onLoop(
                loop,
                () -> throughProxy
                        .execute("PING")
                        .ifNoItem()
                        .after(Duration.ofMillis(100))
                        .fail());
        assertThatThrownBy(() -> abandoned.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(TimeoutException.class);
        // The caller's cancelling is no answer: past the limit the connection is given up all the same. Restored
        // earlier, the held PING would be answered on the old connection.
        Thread.sleep(UNANSWERED_LIMIT.multipliedBy(2).toMillis());
        CuttableProxy.restore(PROXY);

        assertThat(clientIdFrom(loop, throughProxy)).isNotEqualTo(before);
    }

    /**
     * Requests on one loop each run on a context of their own (a duplicate of the loop's), which holds what is theirs:
     * their trace, their Hibernate Reactive session. The commands of the first requests after a start wait together
     * for the loop's connection to open; each must still be answered on its own request's context, not on the first's.
     */
    @Test
    void commandsSentWhileTheConnectionOpensThenEachAnsweredOnItsSendersContext() throws Exception {
        EventLoopRedis fresh = new EventLoopRedis(vertx, options(port), UNANSWERED_LIMIT);
        try {
            ContextInternal loop = ((VertxInternal) vertx.getDelegate()).createEventLoopContext();
            List<ContextInternal> requests = List.of(loop.duplicate(), loop.duplicate(), loop.duplicate());
            List<CompletableFuture<ContextInternal>> answeredOn =
                    List.of(new CompletableFuture<>(), new CompletableFuture<>(), new CompletableFuture<>());
            loop.runOnContext(ignored -> {
                for (int i = 0; i < requests.size(); i++) {
                    CompletableFuture<ContextInternal> answer = answeredOn.get(i);
                    requests.get(i)
                            .dispatch(() -> fresh.execute("PING")
                                    .subscribe()
                                    .with(
                                            reply -> answer.complete(ContextInternal.current()),
                                            answer::completeExceptionally));
                }
            });

            for (int i = 0; i < requests.size(); i++) {
                assertThat(answeredOn.get(i).get(10, TimeUnit.SECONDS))
                        .as("request %d's answer", i)
                        .isSameAs(requests.get(i));
            }
        } finally {
            fresh.close();
        }
    }

    @Test
    void aCommandOutsideAnyEventLoopIsAnswered() {
        assertThat(redis.execute("PING").await().indefinitely().toString()).isEqualTo("PONG");
    }

    @Test
    void aNilReplyIsANullItem() throws Exception {
        assertThat(redis.execute("GET", "event-loop-redis:absent").await().indefinitely())
                .isNull();
        Context loop = ((VertxInternal) vertx.getDelegate()).createEventLoopContext();
        assertThat(onLoop(loop, () -> redis.execute("GET", "event-loop-redis:absent"))
                        .get(5, TimeUnit.SECONDS))
                .isNull();
    }

    /** CLIENT ID sent from the context's event loop, the answer read back on that same loop. */
    private static long clientIdFrom(Context context, EventLoopRedis redis) throws Exception {
        return onLoop(
                        context,
                        () -> redis.execute("CLIENT", "ID").map(reply -> {
                            ContextInternal answeredOn = ContextInternal.current();
                            if (answeredOn == null
                                    || answeredOn.nettyEventLoop() != ((ContextInternal) context).nettyEventLoop()) {
                                throw new AssertionError("answered on another thread");
                            }
                            return reply.toLong();
                        }))
                .get(10, TimeUnit.SECONDS);
    }

    /** What {@code call} makes, made and subscribed to on the loop's thread. */
    private static <T> CompletableFuture<T> onLoop(Context loop, Supplier<Uni<T>> call) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        loop.runOnContext(ignored -> call.get().subscribe().with(answer::complete, answer::completeExceptionally));
        return answer;
    }
}
