package dev.pressroom.content.ratelimit;

import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.ApiException;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Limits per key and, separately, per client address, shared by every replica through Redis (one atomic script,
 * one round trip a request). When Redis fails or is slow, this replica limits on its own for a while, then tries again.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);
    /** INCR both counters; the first hit of a window sets its expiry. Returns count and remaining ms of each. */
    private static final String SCRIPT = """
            local out = {}
            for i, key in ipairs(KEYS) do
              local n = redis.call('INCR', key)
              if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
              local ttl = redis.call('PTTL', key)
              if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
              out[#out + 1] = n
              out[#out + 1] = ttl
            end
            return out""";

    private final ReactiveRedisDataSource redis;
    private final ContentConfig.RateLimit config;
    private final Clock clock;
    private final LocalWindows local;
    private final AtomicLong redisDownUntil = new AtomicLong();

    public RateLimiter(ReactiveRedisDataSource redis, ContentConfig config, Clock clock) {
        this.redis = redis;
        this.config = config.rateLimit();
        this.clock = clock;
        this.local = new LocalWindows(clock);
    }

    /**
     * Counts the request; fails with 429 rate_limited and Retry-After when the key or the address is over its limit.
     * A null key (feeds and sitemaps, which need none) counts against the address only.
     */
    public Uni<Void> check(String keyHash, String address) {
        if (!config.enabled()) {
            return Uni.createFrom().voidItem();
        }
        // Keyless requests count in a per-address key counter, so the key limit never binds before the address one.
        String keyClient = keyHash == null ? "rl:p:" + address : "rl:k:" + keyHash;
        String addressClient = "rl:a:" + address;
        long window = config.window().toMillis();
        if (clock.millis() < redisDownUntil.get()) {
            return enforce(local.hit(keyClient, window), local.hit(addressClient, window));
        }
        return redis.execute("EVAL", SCRIPT, "2", keyClient, addressClient, Long.toString(window))
                .ifNoItem().after(config.redisTimeout()).fail()
                .map(r -> new Usage[] {usage(r, 0), usage(r, 2)})
                .onFailure().recoverWithItem(failure -> fallBack(failure, keyClient, addressClient, window))
                .chain(usages -> enforce(usages[0], usages[1]));
    }

    private Usage[] fallBack(Throwable failure, String keyClient, String addressClient, long window) {
        if (redisDownUntil.getAndSet(clock.millis() + config.redisRetry().toMillis()) < clock.millis()) {
            LOG.warnf("Redis unavailable for rate limits (%s); limiting locally for %s", failure.toString(), config.redisRetry());
        }
        return new Usage[] {local.hit(keyClient, window), local.hit(addressClient, window)};
    }

    private Uni<Void> enforce(Usage key, Usage address) {
        if (key.count() > config.perKey()) {
            return Uni.createFrom().failure(limited(key, "this key"));
        }
        if (address.count() > config.perAddress()) {
            return Uni.createFrom().failure(limited(address, "this client address"));
        }
        return Uni.createFrom().voidItem();
    }

    private static ApiException limited(Usage usage, String who) {
        long seconds = usage.retryAfterSeconds();
        return new ApiException(429, "TooManyRequestsError", "rate_limited",
                "Too many requests for " + who + "; retry in " + seconds + " s.",
                Map.of("Retry-After", Long.toString(seconds)));
    }

    private static Usage usage(Response response, int index) {
        return new Usage(response.get(index).toLong(), response.get(index + 1).toLong());
    }
}
