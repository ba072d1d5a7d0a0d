package dev.pressroom.kernel.ratelimit;

import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.redis.RedisScripts;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.redis.client.Response;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Fixed-window request counters shared by every replica through Redis, the one way the services count requests
 * against a limit. A client's first request of a window is counted in Redis at once (so a window other replicas
 * already filled binds from the first request); later ones are counted here and sent in one batch every
 * {@code syncInterval}, which also brings back what the other replicas counted ({@link SyncedCounters}): a busy
 * replica makes a few Redis calls a second instead of one per request, and a burst spread over replicas can pass a
 * limit by what they count within one interval. When Redis fails or is slow, this replica counts on its own
 * ({@link LocalWindows}) for {@code redisRetry}, then tries again.
 *
 * <p>Each counter's Redis key is {@code prefix + "{" + bucket + "}:" + client}: the hash tag spreads the counters
 * over {@value #BUCKETS} Redis Cluster slots, and keys of one bucket are counted in one script call.
 */
public final class SharedWindows {

    /** How the counters reach Redis: batch interval, answer deadline, and how long to count locally after a failure. */
    public record Settings(Duration syncInterval, Duration redisTimeout, Duration redisRetry) {}

    static final int BUCKETS = 16;

    private static final Logger LOG = Logger.getLogger(SharedWindows.class);

    /**
     * KEYS: counters of one bucket. ARGV: the window in ms, then the hits to add to each key. The first hits of a
     * window set its expiry. Returns count and remaining ms of each.
     */
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

    private final EventLoopRedis redis;
    private final String prefix;
    private final Clock clock;
    private final Vertx vertx;
    private final Settings settings;
    private final LocalWindows local;
    /** One view per window length, so a batch carries the one window its script sets. */
    private final ConcurrentMap<Long, SyncedCounters> shared = new ConcurrentHashMap<>();

    private final AtomicLong redisDownUntil = new AtomicLong();
    private final AtomicBoolean syncing = new AtomicBoolean();
    private final long syncTimer;

    public SharedWindows(EventLoopRedis redis, String prefix, Clock clock, Vertx vertx, Settings settings) {
        this.redis = redis;
        this.prefix = prefix;
        this.clock = clock;
        this.vertx = vertx;
        this.settings = settings;
        this.local = new LocalWindows(clock);
        this.syncTimer = vertx.setPeriodic(
                settings.syncInterval().toMillis(), id -> sync().subscribe().with(done -> {}, failure -> {}));
    }

    /** The Redis key of a client's counter under {@code prefix}. */
    public static String redisKey(String prefix, String client) {
        return prefix + "{" + bucket(client) + "}:" + client;
    }

    static int bucket(String client) {
        return Math.floorMod(client.hashCode(), BUCKETS);
    }

    /** Counts one request of the client in its current window of this length, and answers its usage. */
    public Uni<Usage> hit(String client, Duration window) {
        return hit(List.of(client), window).map(usages -> usages.get(0));
    }

    /** Counts one request of each client (in order), all in windows of this length. */
    public Uni<List<Usage>> hit(List<String> clients, Duration window) {
        long windowMillis = window.toMillis();
        if (limitingLocally()) {
            return Uni.createFrom().item(localHits(clients, windowMillis));
        }
        SyncedCounters counters = shared.computeIfAbsent(windowMillis, ignored -> new SyncedCounters(clock));
        List<Usage> usages = new ArrayList<>(clients.size());
        List<String> unknown = new ArrayList<>(clients.size());
        for (String client : clients) {
            Usage usage = counters.hit(client);
            usages.add(usage);
            if (usage == null) {
                unknown.add(client);
            }
        }
        if (unknown.isEmpty()) {
            return Uni.createFrom().item(usages);
        }
        // A window this replica has not heard of from Redis: count this hit there now, for the unknown client(s).
        Map<String, Long> once = new LinkedHashMap<>();
        unknown.forEach(client -> once.put(client, 1L));
        return count(counters, windowMillis, once, false)
                .map(answered -> {
                    for (int i = 0; i < clients.size(); i++) {
                        if (usages.get(i) == null) {
                            usages.set(i, answered.get(clients.get(i)));
                        }
                    }
                    return usages;
                })
                .onFailure()
                .recoverWithItem(failure -> {
                    fallBack(failure);
                    return localHits(clients, windowMillis);
                });
    }

    /** Connects and runs the script once (for no client): a cold client's first call can outlast the deadline. */
    public Uni<Void> connect() {
        return RedisScripts.eval(redis, SCRIPT, List.of(), List.of("1")).replaceWithVoid();
    }

    /** True while Redis failed lately and this replica counts on its own. */
    public boolean limitingLocally() {
        return clock.millis() < redisDownUntil.get();
    }

    public void close() {
        vertx.cancelTimer(syncTimer);
    }

    /**
     * Sends the hits counted here since the last sync, and takes back every counter's shared count; completes once
     * Redis answered (a failure sends this replica to local counting, and completes it too).
     */
    Uni<Void> sync() {
        if (limitingLocally() || !syncing.compareAndSet(false, true)) {
            return Uni.createFrom().voidItem();
        }
        List<Uni<Map<String, Usage>>> calls = new ArrayList<>();
        shared.forEach((windowMillis, counters) -> {
            Map<String, Long> batch = counters.unsent();
            if (!batch.isEmpty()) {
                calls.add(count(counters, windowMillis, batch, true));
            }
        });
        if (calls.isEmpty()) {
            syncing.set(false);
            return Uni.createFrom().voidItem();
        }
        return Uni.join()
                .all(calls)
                .andCollectFailures()
                .replaceWithVoid()
                .onFailure()
                .recoverWithItem(failure -> {
                    fallBack(failure);
                    return null;
                })
                .eventually(() -> syncing.set(false));
    }

    /**
     * Adds the hits to the clients' counters in Redis (one script call per bucket) and records the answers;
     * {@code unsent}: the hits are ones counted here before, which the answers now include.
     */
    private Uni<Map<String, Usage>> count(
            SyncedCounters counters, long windowMillis, Map<String, Long> hits, boolean unsent) {
        Map<Integer, List<String>> byBucket = new LinkedHashMap<>();
        hits.keySet()
                .forEach(client -> byBucket.computeIfAbsent(bucket(client), b -> new ArrayList<>())
                        .add(client));
        List<Uni<Map<String, Usage>>> calls = new ArrayList<>(byBucket.size());
        byBucket.values().forEach(clients -> calls.add(countInOneSlot(counters, windowMillis, clients, hits, unsent)));
        return Uni.join().all(calls).andFailFast().map(answers -> {
            Map<String, Usage> all = new LinkedHashMap<>();
            answers.forEach(all::putAll);
            return all;
        });
    }

    private Uni<Map<String, Usage>> countInOneSlot(
            SyncedCounters counters, long windowMillis, List<String> clients, Map<String, Long> hits, boolean unsent) {
        List<String> keys = new ArrayList<>(clients.size());
        List<String> args = new ArrayList<>(1 + clients.size());
        args.add(Long.toString(windowMillis));
        for (String client : clients) {
            keys.add(redisKey(prefix, client));
            args.add(Long.toString(hits.get(client)));
        }
        return RedisScripts.eval(redis, SCRIPT, keys, args)
                .ifNoItem()
                .after(settings.redisTimeout())
                .fail()
                .map(response -> {
                    Map<String, Usage> usages = new LinkedHashMap<>();
                    for (int i = 0; i < clients.size(); i++) {
                        String client = clients.get(i);
                        usages.put(
                                client,
                                counters.synced(
                                        client,
                                        unsent ? hits.get(client) : 0,
                                        longAt(response, 2 * i),
                                        longAt(response, 2 * i + 1)));
                    }
                    return usages;
                });
    }

    private List<Usage> localHits(List<String> clients, long windowMillis) {
        List<Usage> usages = new ArrayList<>(clients.size());
        clients.forEach(client -> usages.add(local.hit(client, windowMillis)));
        return usages;
    }

    private void fallBack(Throwable failure) {
        if (redisDownUntil.getAndSet(clock.millis() + settings.redisRetry().toMillis()) < clock.millis()) {
            LOG.warnf(
                    "Redis unavailable for rate limits (%s); limiting locally for %s",
                    failure.toString(), settings.redisRetry());
        }
    }

    private static long longAt(Response response, int index) {
        return response.get(index).toLong();
    }
}
