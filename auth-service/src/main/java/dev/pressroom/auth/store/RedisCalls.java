package dev.pressroom.auth.store;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.DatastoreErrors;
import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.redis.RedisScripts;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/**
 * Every Redis call of the service, answered within the Redis deadline (AUTH_REDIS_DEADLINE) or failed, and every
 * failure counted and turned into the 503 ({@link DatastoreErrors#redis}). In a network partition Redis neither
 * answers nor closes the connection, and the reactive client sets no deadline of its own: without this one a request
 * would wait as long as the partition lasts.
 */
@ApplicationScoped
public class RedisCalls {

    private final EventLoopRedis redis;
    private final DatastoreErrors errors;
    private final Duration deadline;

    public RedisCalls(EventLoopRedis redis, DatastoreErrors errors, AuthConfig config) {
        this.redis = redis;
        this.errors = errors;
        this.deadline = config.redisDeadline();
    }

    public Uni<Response> command(String name, String... args) {
        return withinDeadline(redis.execute(name, args));
    }

    /**
     * Runs a Lua script (LuaScripts) with its keys declared, as Redis Cluster and key-pattern ACLs require; by its
     * digest (kernel RedisScripts), the deadline covering the EVAL that loads it where Redis does not hold it yet.
     */
    public Uni<Response> eval(String script, List<String> keys, List<String> args) {
        return withinDeadline(RedisScripts.eval(redis, script, keys, args));
    }

    private Uni<Response> withinDeadline(Uni<Response> call) {
        return call.ifNoItem().after(deadline).fail().onFailure().transform(errors::redis);
    }
}
