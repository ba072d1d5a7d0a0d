package dev.pressroom.auth.passkey;

import dev.pressroom.auth.store.RedisCalls;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/**
 * WebAuthn challenges in Redis: 32 random bytes, each kept in the set of the ceremony it was issued for (a pending
 * sign-in, or an account's session adding a passkey), live 2 minutes and taken at most once: a replayed, expired or
 * foreign response finds nothing. A ceremony holds at most {@link #LIVE_PER_CEREMONY}: a new one pushes out the oldest,
 * so however often options are asked, one sign-in page keeps one small key. Through RedisCalls, so Redis trouble is a
 * 503, never a ceremony without its challenge.
 */
@ApplicationScoped
public class PasskeyChallenges {

    /** WebAuthn §13.4.3 recommends timeouts of 5-10 minutes with UV; two suffice for one touch, and bound Redis. */
    public static final Duration LIFETIME = Duration.ofMinutes(2);

    /**
     * Live challenges one ceremony keeps: the sign-in page's autofill request, its renewal before it expires, and the
     * button's. An older one is forgotten, and its response refused like a replay.
     */
    public static final int LIVE_PER_CEREMONY = 3;

    /**
     * KEYS: the ceremony's challenges (a sorted set scored by issue time, in milliseconds, strictly rising so that the
     * oldest is always the first). ARGV: challenge, now, lifetime, most kept. Expired ones go first, then the oldest
     * beyond the bound.
     */
    private static final String ISSUE = """
            local now = tonumber(ARGV[2])
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
            local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
            local score = now
            if last[2] and tonumber(last[2]) >= now then score = tonumber(last[2]) + 1 end
            redis.call('ZADD', KEYS[1], string.format('%.0f', score), ARGV[1])
            redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[4]) + 1))
            redis.call('PEXPIRE', KEYS[1], ARGV[3])
            return 0
            """;

    /** KEYS: the ceremony's challenges. ARGV: challenge, now, lifetime. 1 when it was there and live; taken either way. */
    private static final String TAKE = """
            local issued = redis.call('ZSCORE', KEYS[1], ARGV[1])
            if not issued then return 0 end
            redis.call('ZREM', KEYS[1], ARGV[1])
            if tonumber(issued) <= tonumber(ARGV[2]) - tonumber(ARGV[3]) then return 0 end
            return 1
            """;

    private final RedisCalls redis;
    private final Clock clock;

    public PasskeyChallenges(RedisCalls redis, Clock clock) {
        this.redis = redis;
        this.clock = clock;
    }

    /** A new challenge for the ceremony {@code boundTo}; answers it base64url-encoded. */
    public Uni<String> issue(String boundTo) {
        String challenge = Tokens.random(32);
        return redis.eval(
                        ISSUE,
                        List.of(key(boundTo)),
                        List.of(
                                challenge,
                                now(),
                                Long.toString(LIFETIME.toMillis()),
                                Integer.toString(LIVE_PER_CEREMONY)))
                .replaceWith(challenge);
    }

    /** Takes the challenge if it was issued for {@code boundTo}, is live and was not taken yet: true only then. */
    public Uni<Boolean> take(byte[] challenge, String boundTo) {
        return redis.eval(
                        TAKE,
                        List.of(key(boundTo)),
                        List.of(
                                Base64.getUrlEncoder().withoutPadding().encodeToString(challenge),
                                now(),
                                Long.toString(LIFETIME.toMillis())))
                .map(r -> r.toInteger() == 1);
    }

    /** The Redis key of a ceremony's challenges: a hash of its binding, which holds the pending request's id. */
    static String key(String boundTo) {
        return "auth:pkc:" + Tokens.sha256(boundTo);
    }

    private String now() {
        return Long.toString(clock.millis());
    }
}
