package dev.pressroom.kernel.outbound;

import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.redis.RedisScripts;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.random.RandomGenerator;

/**
 * A durable queue of form POSTs to URLs that clients chose (back-channel logout tokens, CDN purge hooks), in Redis so
 * that a job survives a restart and any replica's worker may deliver it. A worker {@link #claim}s a due job, which
 * leases it (a worker that dies mid-delivery leaves it to be claimed again once the lease ends), then reports
 * {@link #delivered} or {@link #failed}: a failure is retried with exponential backoff and jitter until the job has had
 * its attempts or its age, then dead-lettered (kept, capped, for operators). Bounded: at most {@code maxQueued} jobs
 * and {@code maxBody} characters each, so hostile registrations cannot fill Redis; past that, {@link #enqueue} refuses.
 *
 * <p>Keys (one hash tag, so a Redis Cluster keeps them in one slot): {@code <prefix>due}, a sorted set of job ids by
 * due time; {@code <prefix>job:<id>}, a hash (target, body, attempts, first); {@code <prefix>dead}, a sorted set of
 * dead jobs by time. Only commands a service's restricted ACL user has (ZADD, ZRANGE, ZREM, ZCARD, HSET, HMGET,
 * HINCRBY, DEL, EVAL).
 */
public final class DeliveryQueue {

    /** What the queue does with a failed job. */
    public enum Next {
        RETRY,
        DEAD
    }

    /**
     * Limits and timings of one queue.
     *
     * @param firstBackoff the wait after the first failure; each further failure doubles it, up to {@code maxBackoff}
     * @param lease how long a claimed job stays with its worker before another may claim it
     */
    public record Policy(
            int maxAttempts,
            Duration maxAge,
            Duration firstBackoff,
            Duration maxBackoff,
            Duration lease,
            int maxQueued,
            int maxBody,
            int maxDead) {}

    /** A claimed job; {@code attempts} counts the deliveries tried before this one. */
    public record Job(String id, String target, String body, int attempts, long firstQueuedAt) {}

    /** KEYS: due, job. ARGV: maxQueued, now, id, target, body. Refuses (0) when the queue is full. */
    private static final String ENQUEUE = """
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
            redis.call('HSET', KEYS[2], 'target', ARGV[4], 'body', ARGV[5], 'attempts', 0, 'first', ARGV[2])
            redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
            return 1""";

    /** KEYS: due. ARGV: now, lease end. The first due id, its due time moved to the lease end; nil when none. */
    private static final String CLAIM = """
            local ids = redis.call('ZRANGE', KEYS[1], '-inf', ARGV[1], 'BYSCORE', 'LIMIT', 0, 1)
            if #ids == 0 then return false end
            redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ids[1])
            return ids[1]""";

    /** KEYS: due, job. ARGV: id, next due time. Counts the attempt and schedules the next. */
    private static final String RETRY = """
            redis.call('HINCRBY', KEYS[2], 'attempts', 1)
            redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[1])
            return 1""";

    /** KEYS: due, job, dead. ARGV: id, now, dead entry, maxDead. Removes the job, keeps a capped dead letter. */
    private static final String BURY = """
            redis.call('ZREM', KEYS[1], ARGV[1])
            redis.call('DEL', KEYS[2])
            redis.call('ZADD', KEYS[3], ARGV[2], ARGV[3])
            redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -tonumber(ARGV[4]) - 1)
            return 1""";

    /** KEYS: due, job. ARGV: id. */
    private static final String COMPLETE = """
            redis.call('ZREM', KEYS[1], ARGV[1])
            redis.call('DEL', KEYS[2])
            return 1""";

    private final EventLoopRedis redis;
    private final Clock clock;
    private final RandomGenerator jitter;
    private final String prefix;
    private final Policy policy;

    /** @param prefix the keys' prefix, with a hash tag, e.g. {@code auth:{backchannel}:} */
    public DeliveryQueue(EventLoopRedis redis, Clock clock, RandomGenerator jitter, String prefix, Policy policy) {
        this.redis = redis;
        this.clock = clock;
        this.jitter = jitter;
        this.prefix = prefix;
        this.policy = policy;
    }

    /** Queues a POST of {@code body} to {@code target}, due now; false when the queue is full or the body too large. */
    public Uni<Boolean> enqueue(String target, String body) {
        if (body.length() > policy.maxBody()) {
            return Uni.createFrom().item(false);
        }
        String id = UUID.randomUUID().toString();
        return eval(ENQUEUE, List.of(due(), job(id)), Integer.toString(policy.maxQueued()), now(), id, target, body)
                .map(reply -> reply.toInteger() == 1);
    }

    /** The next due job, leased to the caller; empty when none is due. */
    public Uni<Optional<Job>> claim() {
        String leaseEnd = Long.toString(clock.millis() + policy.lease().toMillis());
        return eval(CLAIM, List.of(due()), now(), leaseEnd)
                .chain(reply -> reply == null ? Uni.createFrom().item(Optional.<Job>empty()) : read(reply.toString()));
    }

    private Uni<Optional<Job>> read(String id) {
        return redis.execute("HMGET", job(id), "target", "body", "attempts", "first")
                .chain(fields -> {
                    if (fields.get(0) == null) { // completed by another worker meanwhile
                        return redis.execute("ZREM", due(), id).replaceWith(Optional.<Job>empty());
                    }
                    return Uni.createFrom()
                            .item(Optional.of(new Job(
                                    id,
                                    fields.get(0).toString(),
                                    fields.get(1).toString(),
                                    fields.get(2).toInteger(),
                                    fields.get(3).toLong())));
                });
    }

    public Uni<Void> delivered(Job job) {
        return eval(COMPLETE, List.of(due(), job(job.id())), job.id()).replaceWithVoid();
    }

    /** Schedules the next attempt with backoff, or dead-letters the job once it had its attempts or its age. */
    public Uni<Next> failed(Job job, String reason) {
        long now = clock.millis();
        int attempts = job.attempts() + 1;
        if (attempts >= policy.maxAttempts()
                || now - job.firstQueuedAt() >= policy.maxAge().toMillis()) {
            String entry = job.id() + " " + job.target() + " " + reason;
            return eval(
                            BURY,
                            List.of(due(), job(job.id()), dead()),
                            job.id(),
                            now(),
                            entry,
                            Integer.toString(policy.maxDead()))
                    .replaceWith(Next.DEAD);
        }
        long next = now + backoff(attempts).toMillis();
        return eval(RETRY, List.of(due(), job(job.id())), job.id(), Long.toString(next))
                .replaceWith(Next.RETRY);
    }

    /**
     * The wait after the n-th failure: {@code firstBackoff * 2^(n-1)}, at most {@code maxBackoff}, then a random
     * half to all of it ("equal jitter"), so receivers coming back are not hit by every job at once.
     */
    Duration backoff(int failures) {
        long base = policy.firstBackoff().toMillis();
        long cap = policy.maxBackoff().toMillis();
        long wait = failures >= 31 ? cap : Math.min(cap, base << (failures - 1));
        return Duration.ofMillis(wait / 2 + jitter.nextLong(wait / 2 + 1));
    }

    /** Jobs queued, leased ones included. */
    public Uni<Long> size() {
        return redis.execute("ZCARD", due()).map(Response::toLong);
    }

    /** Dead letters kept. */
    public Uni<Long> deadCount() {
        return redis.execute("ZCARD", dead()).map(Response::toLong);
    }

    private Uni<Response> eval(String script, List<String> keys, String... args) {
        return RedisScripts.eval(redis, script, keys, List.of(args));
    }

    private String now() {
        return Long.toString(clock.millis());
    }

    private String due() {
        return prefix + "due";
    }

    private String dead() {
        return prefix + "dead";
    }

    private String job(String id) {
        return prefix + "job:" + id;
    }
}
