package dev.pressroom.kernel.abuse;

import dev.pressroom.kernel.redis.EventLoopRedis;
import dev.pressroom.kernel.redis.RedisScripts;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jboss.logging.Logger;

/**
 * Counts failures per subject (a client address, say) in fixed windows shared by every replica through Redis, and
 * blocks a subject once it passed {@code allowed} failures in its window, until the window ends: Ghost's
 * spam-prevention of content keys (99 free failures an hour, then blocked) as a reusable control.
 *
 * <p>Only failures touch Redis (one script call each, one key per failing subject, expiring with its window); a
 * request is checked against this replica's memory alone, so answering a good request costs no Redis call. A replica
 * learns that another one blocked a subject at the subject's next failure here, so across N replicas a blocked subject
 * gets at most N - 1 more attempts answered per window. While Redis fails, failures are counted here, per replica.
 * Memory holds at most {@code maxSubjects} subjects; past that, new subjects are still counted in Redis but not
 * remembered here, so their block is learnt again at each failure.
 */
public final class FailureThrottle {

    private static final Logger LOG = Logger.getLogger(FailureThrottle.class);

    /**
     * KEYS[1]: the subject's counter; ARGV[1]: window ms. Adds one; answers the count and the window's remaining ms.
     * Counter commands only (INCRBY, PEXPIRE, PTTL), which a service's restricted Redis ACL user is allowed.
     */
    private static final String COUNT = """
            local n = redis.call('INCRBY', KEYS[1], 1)
            if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            local ttl = redis.call('PTTL', KEYS[1])
            if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
            return {n, ttl}""";

    /** A subject's failures in its current window, and when that window ends (epoch ms). */
    private record Window(long count, long endsAt) {}

    private final EventLoopRedis redis;
    private final Clock clock;
    private final String prefix;
    private final int allowed;
    private final long windowMillis;
    private final Duration redisTimeout;
    private final int maxSubjects;
    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    /**
     * @param prefix Redis key prefix of this throttle's counters ({@code prefix + subject})
     * @param allowed failures a subject may have in a window before it is blocked for the rest of it
     */
    public FailureThrottle(
            EventLoopRedis redis,
            Clock clock,
            String prefix,
            int allowed,
            Duration window,
            Duration redisTimeout,
            int maxSubjects) {
        this.redis = redis;
        this.clock = clock;
        this.prefix = prefix;
        this.allowed = allowed;
        this.windowMillis = window.toMillis();
        this.redisTimeout = redisTimeout;
        this.maxSubjects = maxSubjects;
    }

    /** Seconds the subject must still wait (at least 1), or 0 when it may try: from this replica's memory only. */
    public long blockedSeconds(String subject) {
        Window window = windows.get(subject);
        return window == null ? 0 : waitOf(window, clock.millis());
    }

    /**
     * Counts one failure of the subject; answers the seconds it is now blocked for, 0 while it is within its allowance
     * (this failure included).
     */
    public Uni<Long> failed(String subject) {
        return RedisScripts.eval(redis, COUNT, List.of(prefix + subject), List.of(Long.toString(windowMillis)))
                .ifNoItem()
                .after(redisTimeout)
                .fail()
                .map(response -> remember(
                        subject,
                        new Window(
                                response.get(0).toLong(),
                                clock.millis() + response.get(1).toLong())))
                .onFailure()
                .recoverWithItem(failure -> {
                    LOG.debugf("Redis unavailable for %s counts (%s); counting here", prefix, failure.toString());
                    return countLocally(subject);
                });
    }

    private long countLocally(String subject) {
        long now = clock.millis();
        Window window = windows.compute(
                subject,
                (key, w) -> w == null || w.endsAt <= now
                        ? new Window(1, now + windowMillis)
                        : new Window(w.count + 1, w.endsAt));
        bound(subject);
        return waitOf(window, now);
    }

    private long remember(String subject, Window window) {
        windows.put(subject, window);
        bound(subject);
        return waitOf(window, clock.millis());
    }

    /** Over the bound: ended windows go, and when that is not enough the subject just added is not kept. */
    private void bound(String subject) {
        if (windows.size() <= maxSubjects) {
            return;
        }
        long now = clock.millis();
        windows.values().removeIf(w -> w.endsAt <= now);
        if (windows.size() > maxSubjects) {
            windows.remove(subject);
        }
    }

    private long waitOf(Window window, long now) {
        if (window.count <= allowed || window.endsAt <= now) {
            return 0;
        }
        return Math.max(1, (window.endsAt - now + 999) / 1000);
    }
}
