package dev.pressroom.auth.abuse;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * Brute-force and abuse limits in Redis, shared by every replica.
 * Sign-in failures are counted per account (by the hash of the typed email, so unknown emails are throttled
 * exactly like real ones) and per client address: after a few failures each attempt must wait longer
 * (2, 4, 8... seconds), and after many the account or address is locked for a while. The person is told how
 * long. Token and registration requests are limited per client address in fixed windows.
 */
@ApplicationScoped
public class AbuseLimits {

    static final int ACCOUNT_SLOW_AFTER = 3;
    static final int ACCOUNT_LOCK_AFTER = 10;
    static final long WINDOW_SECONDS = 15 * 60;
    static final long LOCK_SECONDS = 15 * 60;

    /** KEYS: account, address. ARGV: now. Answers the seconds to wait before an attempt is evaluated. */
    private static final String CHECK = """
            local now = tonumber(ARGV[1])
            local wait = 0
            for i = 1, 2 do
              local until_ = tonumber(redis.call('HGET', KEYS[i], 'until') or '0')
              if until_ - now > wait then wait = until_ - now end
            end
            return wait
            """;

    /**
     * KEYS: account, address. ARGV: now, window, lock, account slow/lock, address slow/lock.
     * Counts a failure and sets the time before the next attempt; answers that wait in seconds.
     */
    private static final String FAIL = """
            local now = tonumber(ARGV[1])
            local wait = 0
            for i = 1, 2 do
              local slow = tonumber(ARGV[2 + 2 * i])
              local lock = tonumber(ARGV[3 + 2 * i])
              local fails = redis.call('HINCRBY', KEYS[i], 'fails', 1)
              local w = 0
              if fails >= lock then w = tonumber(ARGV[3])
              elseif fails >= slow then w = math.min(2 ^ (fails - slow + 1), 60) end
              if w > 0 then redis.call('HSET', KEYS[i], 'until', now + w) end
              redis.call('EXPIRE', KEYS[i], math.max(tonumber(ARGV[2]), w))
              if w > wait then wait = w end
            end
            return wait
            """;

    /** KEYS: counter. ARGV: window seconds, limit. Answers 1 when over the limit. */
    private static final String COUNT = """
            local n = redis.call('INCR', KEYS[1])
            if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
            if n > tonumber(ARGV[2]) then return 1 end
            return 0
            """;

    private final ReactiveRedisDataSource redis;
    private final Clock clock;
    private final AuthConfig.Limits limits;

    public AbuseLimits(ReactiveRedisDataSource redis, Clock clock, AuthConfig config) {
        this.redis = redis;
        this.clock = clock;
        this.limits = config.limits();
    }

    /** Seconds this sign-in attempt must still wait (0: go ahead). */
    public Uni<Long> signInWait(String email, String address) {
        return eval(CHECK, keys(email, address), now()).map(r -> r.toLong());
    }

    /** Records a failed sign-in; answers the wait now imposed. */
    public Uni<Long> signInFailed(String email, String address) {
        return eval(FAIL, keys(email, address), now(), Long.toString(WINDOW_SECONDS), Long.toString(LOCK_SECONDS),
                Integer.toString(ACCOUNT_SLOW_AFTER), Integer.toString(ACCOUNT_LOCK_AFTER),
                Integer.toString(limits.addressSlowAfter()), Integer.toString(limits.addressLockAfter())).map(r -> r.toLong());
    }

    /** A successful sign-in clears the account's count (not the address's). */
    public Uni<Void> signInSucceeded(String email) {
        return redis.execute("DEL", accountKey(email)).replaceWithVoid()
                .onFailure().transform(e -> OAuthException.unavailable());
    }

    /** Fails with 429 when the address made too many token requests this minute. */
    public Uni<Void> tokenRequest(String address) {
        return limit("token", address, 60, limits.tokenRequestsPerMinute());
    }

    /** Fails with 429 when the address registered too many clients this hour. */
    public Uni<Void> registration(String address) {
        return limit("register", address, 3600, limits.registrationsPerHour());
    }

    /** A fixed-window counter: fails with 429 slow_down once {@code max} requests were made in the window. */
    public Uni<Void> limit(String what, String address, long window, int max) {
        long slot = clock.instant().getEpochSecond() / window;
        return eval(COUNT, new String[] {"auth:rl:" + what + ":" + address + ":" + slot}, Long.toString(window),
                Integer.toString(max)).map(r -> {
                    if (r.toInteger() == 1) {
                        throw new OAuthException(429, "slow_down", "Too many requests from this address; wait and retry.",
                                null);
                    }
                    return null;
                }).replaceWithVoid();
    }

    private String now() {
        return Long.toString(clock.instant().getEpochSecond());
    }

    private static String accountKey(String email) {
        return "auth:bf:acct:" + Tokens.sha256(email == null ? "" : email.strip().toLowerCase(java.util.Locale.ROOT));
    }

    private static String[] keys(String email, String address) {
        return new String[] {accountKey(email), "auth:bf:addr:" + address};
    }

    private Uni<io.vertx.mutiny.redis.client.Response> eval(String script, String[] keys, String... args) {
        String[] all = new String[2 + keys.length + args.length];
        all[0] = script;
        all[1] = Integer.toString(keys.length);
        System.arraycopy(keys, 0, all, 2, keys.length);
        System.arraycopy(args, 0, all, 2 + keys.length, args.length);
        return redis.execute("EVAL", all).onFailure().transform(e -> OAuthException.unavailable());
    }
}
