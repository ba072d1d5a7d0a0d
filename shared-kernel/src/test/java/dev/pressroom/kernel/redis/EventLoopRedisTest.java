package dev.pressroom.kernel.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.testing.RedisServers;
import io.vertx.core.Context;
import io.vertx.core.VertxOptions;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.impl.VertxInternal;
import io.vertx.mutiny.core.Vertx;
import io.vertx.redis.client.RedisOptions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each event loop sends over connections of its own; callers outside any loop still get answers. */
class EventLoopRedisTest {

    private static Vertx vertx;
    private static EventLoopRedis redis;

    @BeforeAll
    static void start() {
        int port = RedisServers.start("event-loop-redis", List.of());
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
        // A pool of two over two loops: one connection each, so a loop's every command shows one CLIENT ID.
        redis = new EventLoopRedis(
                vertx,
                new RedisOptions()
                        .setConnectionString("redis://127.0.0.1:" + port)
                        .setMaxPoolSize(2));
    }

    @AfterAll
    static void stop() {
        redis.close();
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

        long firstId = clientIdFrom(first);
        long secondId = clientIdFrom(second);

        // One shared pool would answer the second loop on the first loop's idle connection.
        assertThat(secondId).isNotEqualTo(firstId);
        assertThat(clientIdFrom(first)).isEqualTo(firstId);
        assertThat(clientIdFrom(second)).isEqualTo(secondId);
    }

    @Test
    void aCommandOutsideAnyEventLoopIsAnswered() {
        assertThat(redis.execute("PING").await().indefinitely().toString()).isEqualTo("PONG");
    }

    @Test
    void aNilReplyIsANullItem() {
        assertThat(redis.execute("GET", "event-loop-redis:absent").await().indefinitely())
                .isNull();
    }

    /** CLIENT ID sent from the context's event loop, the answer read back on that same loop. */
    private static long clientIdFrom(Context context) throws Exception {
        CompletableFuture<Long> id = new CompletableFuture<>();
        context.runOnContext(ignored -> redis.execute("CLIENT", "ID")
                .subscribe()
                .with(
                        reply -> {
                            ContextInternal answeredOn = ContextInternal.current();
                            if (answeredOn == null
                                    || answeredOn.nettyEventLoop() != ((ContextInternal) context).nettyEventLoop()) {
                                id.completeExceptionally(new AssertionError("answered on another thread"));
                            } else {
                                id.complete(reply.toLong());
                            }
                        },
                        id::completeExceptionally));
        return id.get(10, TimeUnit.SECONDS);
    }
}
