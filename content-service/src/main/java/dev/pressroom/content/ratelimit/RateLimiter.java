package dev.pressroom.content.ratelimit;

import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import dev.pressroom.kernel.ratelimit.Usage;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Limits per key and, separately, per client address, shared by every replica through Redis: the kernel's
 * {@link SharedWindows} (a client's first request of a window counted in Redis at once, later ones here and sent in
 * one batch every {@code sync-interval}; this replica limits on its own for a while when Redis fails or is slow).
 *
 * <p>Metrics (README, Metrics and traces): every decision, allowed or limited, and a gauge that is 1 while this replica
 * limits on its own.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);
    /** Every counter's Redis key starts with it (the ACL user's key pattern, deploy/README.md). */
    static final String KEY_PREFIX = "rl:";

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final ContentConfig.RateLimit config;
    private final SharedWindows windows;
    private final Counter allowed;
    private final Counter limited;

    public RateLimiter(EventLoopRedis redis, ContentConfig config, Clock clock, Vertx vertx, MeterRegistry registry) {
        this.config = config.rateLimit();
        this.windows = new SharedWindows(
                redis,
                KEY_PREFIX,
                clock,
                vertx,
                new SharedWindows.Settings(
                        this.config.syncInterval(), this.config.redisTimeout(), this.config.redisRetry()));
        this.allowed = decisions(registry, "allowed");
        this.limited = decisions(registry, "limited");
        Gauge.builder("pressroom.content.rate.limiter.fallback", windows, w -> w.limitingLocally() ? 1 : 0)
                .description("1 while Redis is unreachable and this replica limits on its own, else 0")
                .register(registry);
    }

    private static Counter decisions(MeterRegistry registry, String decision) {
        return Counter.builder("pressroom.content.rate.limit.decisions")
                .tag("decision", decision)
                .description("Requests the rate limits let through (allowed) or answered with 429 (limited)")
                .register(registry);
    }

    /**
     * Connects to Redis at startup: a cold client's first call can take longer than redis-timeout, which would
     * otherwise send a new replica's first requests to local limiting.
     */
    void connect(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        windows.connect()
                .ifNoItem()
                .after(CONNECT_TIMEOUT)
                .fail()
                .subscribe()
                .with(
                        ready -> LOG.debug("Redis ready for rate limits"),
                        failure -> LOG.infof(
                                "Redis not reachable at startup (%s); requests will try it", failure.toString()));
    }

    @PreDestroy
    void stop() {
        windows.close();
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
        String keyClient = keyHash == null ? "p:" + address : "k:" + keyHash;
        String addressClient = "a:" + address;
        return windows.hit(List.of(keyClient, addressClient), config.window())
                .chain(usages -> enforce(usages.get(0), usages.get(1)));
    }

    private Uni<Void> enforce(Usage key, Usage address) {
        if (key.count() > config.perKey()) {
            limited.increment();
            return Uni.createFrom().failure(limited(key, "this key"));
        }
        if (address.count() > config.perAddress()) {
            limited.increment();
            return Uni.createFrom().failure(limited(address, "this client address"));
        }
        allowed.increment();
        return Uni.createFrom().voidItem();
    }

    private static ApiException limited(Usage usage, String who) {
        long seconds = usage.retryAfterSeconds();
        return new ApiException(
                429,
                "TooManyRequestsError",
                "rate_limited",
                "Too many requests for " + who + "; retry in " + seconds + " s.",
                Map.of("Retry-After", Long.toString(seconds)));
    }
}
