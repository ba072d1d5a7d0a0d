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
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one way the services send a Redis command: on a connection of the caller's own event loop, pipelined.
 *
 * <p>The Vert.x Redis client opens every pooled connection on the event loop it was created on, so with Quarkus's one
 * client a request on any other loop hands each command to that loop and gets the reply handed back: two wake-ups of
 * another thread per command, and one loop doing every service's Redis reads. Here each event loop gets a client of its
 * own (Quarkus's options, its share of the pool), created on that loop the first time it sends. On a standalone Redis
 * the loop holds one connection of it that carries all the loop's commands ({@link LoopConnection}). A caller outside
 * any event loop (a worker, a startup step) uses Quarkus's pooled client.
 */
@ApplicationScoped
public class EventLoopRedis {

    /** Between Quarkus's pool name and a loop's number in the pool names of the loops' clients. */
    public static final String LOOP_POOL = "@loop-";

    private final Vertx vertx;
    private final Redis offLoop;
    private final Supplier<RedisOptions> options;
    private final Duration unansweredLimit;
    private final Map<EventLoop, LoopSender> byLoop = new ConcurrentHashMap<>();
    private final AtomicInteger loopPools = new AtomicInteger();

    /**
     * @param unansweredLimit how long a loop's connection may leave its commands without any answer before it is
     *     closed and another opened (pressroom.redis.unanswered-limit, REDIS_UNANSWERED_LIMIT)
     */
    @Inject
    public EventLoopRedis(
            Vertx vertx,
            Redis quarkusClient,
            Options quarkusOptions,
            @ConfigProperty(name = "pressroom.redis.unanswered-limit") Duration unansweredLimit) {
        this(vertx, quarkusClient, quarkusOptions::quarkus, unansweredLimit);
    }

    /** Outside Quarkus (plain tests): clients from these options, one of them for callers off any event loop. */
    public EventLoopRedis(Vertx vertx, RedisOptions options, Duration unansweredLimit) {
        this(vertx, Redis.createClient(vertx, options), () -> options, unansweredLimit);
    }

    private EventLoopRedis(Vertx vertx, Redis offLoop, Supplier<RedisOptions> options, Duration unansweredLimit) {
        this.vertx = vertx;
        this.offLoop = offLoop;
        this.options = options;
        this.unansweredLimit = unansweredLimit;
    }

    /** Sends the command with its arguments; a nil reply is a null item, as from Quarkus's data source. */
    public Uni<Response> execute(String command, String... args) {
        Request request = Request.cmd(Command.create(command));
        for (String arg : args) {
            request.arg(arg);
        }
        ContextInternal here = ContextInternal.current();
        if (here == null || !here.isEventLoopContext()) {
            return offLoop.send(request);
        }
        return byLoop.computeIfAbsent(here.nettyEventLoop(), loop -> createdOn(here.unwrap()))
                .send(request);
    }

    /** The client's connection manager binds its pool to the context current when it is built: the loop's own. */
    private LoopSender createdOn(ContextInternal loopContext) {
        RedisOptions share = new RedisOptions(options.get());
        share.setMaxPoolSize(Math.max(1, ceilDiv(share.getMaxPoolSize(), eventLoops())));
        // A name of its own: the pool's gauges (in use, idle, waiting) are registered by name, and the registry keeps
        // the first of two pools of one name, so the loops' pools would go unmeasured behind Quarkus's.
        share.setPoolName(share.getPoolName() + LOOP_POOL + loopPools.getAndIncrement());
        Redis[] created = new Redis[1];
        loopContext.dispatch(() -> created[0] = Redis.createClient(vertx, share));
        // A cluster's, sentinel's or replication's connection wraps several that only its own client can close, so a
        // stalled one could not be given up: there each command takes a pooled connection, as before pipelining.
        return share.getType() == RedisClientType.STANDALONE
                ? new LoopConnection(loopContext, created[0], unansweredLimit)
                : new Pooled(created[0]);
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
        byLoop.values().forEach(LoopSender::close);
    }

    /** How one event loop sends its commands. */
    sealed interface LoopSender permits LoopConnection, Pooled {

        Uni<Response> send(Request request);

        void close();
    }

    private record Pooled(Redis client) implements LoopSender {

        @Override
        public Uni<Response> send(Request request) {
            return client.send(request);
        }

        @Override
        public void close() {
            client.close();
        }
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
