package dev.pressroom.kernel.redis;

import io.netty.channel.EventLoop;
import io.quarkus.redis.client.RedisOptionsCustomizer;
import io.quarkus.redis.runtime.client.config.RedisConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.impl.VertxInternal;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.redis.client.Command;
import io.vertx.mutiny.redis.client.Redis;
import io.vertx.mutiny.redis.client.Request;
import io.vertx.mutiny.redis.client.Response;
import io.vertx.redis.client.RedisOptions;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The one way the services send a Redis command: on a connection of the caller's own event loop.
 *
 * <p>The Vert.x Redis client opens every pooled connection on the event loop it was created on, so with Quarkus's one
 * client a request on any other loop hands each command to that loop and gets the reply handed back: two wake-ups of
 * another thread per command, and one loop doing every service's Redis reads. Here each event loop gets its own client
 * (Quarkus's options, its share of the pool), created on that loop the first time it sends; a caller outside any event
 * loop (a worker, a startup step) uses Quarkus's client as before.
 */
@ApplicationScoped
public class EventLoopRedis {

    /** Between Quarkus's pool name and a loop's number in the pool names of the loops' clients. */
    public static final String LOOP_POOL = "@loop-";

    private final Vertx vertx;
    private final Redis offLoop;
    private final Supplier<RedisOptions> options;
    private final Map<EventLoop, Redis> byLoop = new ConcurrentHashMap<>();
    private final AtomicInteger loopPools = new AtomicInteger();

    @Inject
    public EventLoopRedis(Vertx vertx, Redis quarkusClient, Options quarkusOptions) {
        this(vertx, quarkusClient, quarkusOptions::quarkus);
    }

    /** Outside Quarkus (plain tests): clients from these options, one of them for callers off any event loop. */
    public EventLoopRedis(Vertx vertx, RedisOptions options) {
        this(vertx, Redis.createClient(vertx, options), () -> options);
    }

    private EventLoopRedis(Vertx vertx, Redis offLoop, Supplier<RedisOptions> options) {
        this.vertx = vertx;
        this.offLoop = offLoop;
        this.options = options;
    }

    /** Sends the command with its arguments; a nil reply is a null item, as from Quarkus's data source. */
    public Uni<Response> execute(String command, String... args) {
        Request request = Request.cmd(Command.create(command));
        for (String arg : args) {
            request.arg(arg);
        }
        return client().send(request);
    }

    private Redis client() {
        ContextInternal here = ContextInternal.current();
        if (here == null || !here.isEventLoopContext()) {
            return offLoop;
        }
        return byLoop.computeIfAbsent(here.nettyEventLoop(), loop -> createdOn(here.unwrap()));
    }

    /** The client's connection manager binds its pool to the context current when it is built: the loop's own. */
    private Redis createdOn(ContextInternal loopContext) {
        RedisOptions share = new RedisOptions(options.get());
        share.setMaxPoolSize(Math.max(1, ceilDiv(share.getMaxPoolSize(), eventLoops())));
        // A name of its own: the pool's gauges (in use, idle, waiting) are registered by name, and the registry keeps
        // the first of two pools of one name, so the loops' pools would go unmeasured behind Quarkus's.
        share.setPoolName(share.getPoolName() + LOOP_POOL + loopPools.getAndIncrement());
        Redis[] created = new Redis[1];
        loopContext.dispatch(() -> created[0] = Redis.createClient(vertx, share));
        return created[0];
    }

    private int eventLoops() {
        int loops = 0;
        for (var ignored : ((VertxInternal) vertx.getDelegate()).getEventLoopGroup()) {
            loops++;
        }
        return Math.max(1, loops);
    }

    private static int ceilDiv(int dividend, int divisor) {
        return (dividend + divisor - 1) / divisor;
    }

    @PreDestroy
    void close() {
        byLoop.values().forEach(Redis::close);
    }

    /**
     * Quarkus's options for its default client, as every customizer left them (the same object, so the order in which
     * customizers run does not matter); read once Quarkus's client exists, which injecting it above guarantees.
     */
    @ApplicationScoped
    public static class Options implements RedisOptionsCustomizer {

        private volatile RedisOptions quarkus;

        @Override
        public void customize(String clientName, RedisOptions options) {
            if (RedisConfig.DEFAULT_CLIENT_NAME.equals(clientName)) {
                quarkus = options;
            }
        }

        RedisOptions quarkus() {
            RedisOptions seen = quarkus;
            if (seen == null) {
                throw new IllegalStateException("Quarkus's Redis client was not created before its options were read");
            }
            return seen;
        }
    }
}
