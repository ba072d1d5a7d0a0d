package dev.pressroom.content.ratelimit;

import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.redis.RedisScripts;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.redis.client.Response;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Limits per key and, separately, per client address, shared by every replica through Redis. A client's first
 * request of a window is counted in Redis at once; later ones are counted here and sent in one batch every
 * {@code sync-interval}, which also brings back what the other replicas counted (see {@link SyncedCounters}).
 * When Redis fails or is slow, this replica limits on its own for a while, then tries again.
 *
 * <p>Metrics (README, Metrics and traces): every decision, allowed or limited, and a gauge that is 1 while this replica
 * limits on its own.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);
    /** Adds ARGV[i + 1] to KEYS[i]; the first hits of a window set its expiry. Returns count and remaining ms of each. */
    private static final String SCRIPT = """
            local out = {}
            for i, key in ipairs(KEYS) do
              local add = tonumber(ARGV[i + 1])
              local n = redis.call('INCRBY', key, add)
              if n == add then redis.call('PEXPIRE', key, ARGV[1]) end
              local ttl = redis.call('PTTL', key)
              if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
              out[#out + 1] = n
              out[#out + 1] = ttl
            end
            return out""";

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final EventLoopRedis redis;
    private final ContentConfig.RateLimit config;
    private final Clock clock;
    private final Vertx vertx;
    private final LocalWindows local;
    private final SyncedCounters shared;
    private final AtomicLong redisDownUntil = new AtomicLong();
    private final AtomicBoolean syncing = new AtomicBoolean();
    private final long syncTimer;
    private final Counter allowed;
    private final Counter limited;

    public RateLimiter(EventLoopRedis redis, ContentConfig config, Clock clock, Vertx vertx, MeterRegistry registry) {
        this.redis = redis;
        this.config = config.rateLimit();
        this.clock = clock;
        this.vertx = vertx;
        this.local = new LocalWindows(clock);
        this.shared = new SyncedCounters(clock);
        this.syncTimer = vertx.setPeriodic(this.config.syncInterval().toMillis(), id -> sync());
        this.allowed = decisions(registry, "allowed");
        this.limited = decisions(registry, "limited");
        Gauge.builder("pressroom.content.rate.limiter.fallback", this, limiter -> limiter.limitingLocally() ? 1 : 0)
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
     * Connects to Redis and runs the script once (for no client) at startup: a cold client's first call can take
     * longer than redis-timeout, which would otherwise send a new replica's first requests to local limiting.
     */
    void connect(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        RedisScripts.eval(
                        redis,
                        SCRIPT,
                        List.of(),
                        List.of(Long.toString(config.window().toMillis())))
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
        vertx.cancelTimer(syncTimer);
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
        if (limitingLocally()) {
            return enforce(local.hit(keyClient, window), local.hit(addressClient, window));
        }
        Usage keyUsage = shared.hit(keyClient);
        Usage addressUsage = shared.hit(addressClient);
        if (keyUsage != null && addressUsage != null) {
            return enforce(keyUsage, addressUsage);
        }
        // A window this replica has not heard of from Redis: count this hit there now, for the unknown client(s).
        List<String> unknown = new ArrayList<>(2);
        if (keyUsage == null) {
            unknown.add(keyClient);
        }
        if (addressUsage == null) {
            unknown.add(addressClient);
        }
        return count(unknown, Collections.nCopies(unknown.size(), 1L), false)
                .map(usages -> new Usage[] {
                    keyUsage != null ? keyUsage : usages.get(0),
                    addressUsage != null ? addressUsage : usages.get(usages.size() - 1)
                })
                .onFailure()
                .recoverWithItem(failure -> {
                    fallBack(failure);
                    return new Usage[] {local.hit(keyClient, window), local.hit(addressClient, window)};
                })
                .chain(usages -> enforce(usages[0], usages[1]));
    }

    /** Sends the hits counted here since the last sync, and takes back every counter's shared count. */
    void sync() {
        if (limitingLocally() || !syncing.compareAndSet(false, true)) {
            return;
        }
        Map<String, Long> batch = shared.unsent();
        if (batch.isEmpty()) {
            syncing.set(false);
            return;
        }
        count(List.copyOf(batch.keySet()), List.copyOf(batch.values()), true)
                .subscribe()
                .with(usages -> syncing.set(false), failure -> {
                    fallBack(failure);
                    syncing.set(false);
                });
    }

    /**
     * Adds {@code hits} to the clients' counters in Redis (one script, one round trip) and records the answers;
     * {@code unsent}: the hits are ones counted here before, which the answer now includes.
     */
    private Uni<List<Usage>> count(List<String> clients, List<Long> hits, boolean unsent) {
        List<String> args = new ArrayList<>(1 + hits.size());
        args.add(Long.toString(config.window().toMillis()));
        hits.forEach(n -> args.add(Long.toString(n)));
        return RedisScripts.eval(redis, SCRIPT, clients, args)
                .ifNoItem()
                .after(config.redisTimeout())
                .fail()
                .map(response -> {
                    List<Usage> usages = new ArrayList<>(clients.size());
                    for (int i = 0; i < clients.size(); i++) {
                        usages.add(shared.synced(
                                clients.get(i),
                                unsent ? hits.get(i) : 0,
                                longAt(response, 2 * i),
                                longAt(response, 2 * i + 1)));
                    }
                    return usages;
                });
    }

    private boolean limitingLocally() {
        return clock.millis() < redisDownUntil.get();
    }

    private void fallBack(Throwable failure) {
        if (redisDownUntil.getAndSet(clock.millis() + config.redisRetry().toMillis()) < clock.millis()) {
            LOG.warnf(
                    "Redis unavailable for rate limits (%s); limiting locally for %s",
                    failure.toString(), config.redisRetry());
        }
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

    private static long longAt(Response response, int index) {
        return response.get(index).toLong();
    }
}
