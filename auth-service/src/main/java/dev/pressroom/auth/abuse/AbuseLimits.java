package dev.pressroom.auth.abuse;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.store.RedisCalls;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Brute-force and abuse limits in Redis, shared by every replica (README, "Brute force").
 * A sign-in attempt is counted before its password is hashed, in one script per Redis slot, so that attempts sent at
 * once cannot all pass a check made before the first failure is recorded. It is counted per (account, address): the
 * only count of an account that ever locks; per account across the addresses it has not signed in from: a slowdown
 * that bounds the guesses an attacker with many addresses gets, never a lock; and per address across accounts. The account is the
 * hash of the typed email, so unknown emails are throttled exactly like real ones. Token, pushed and registration requests
 * are limited per client address in fixed windows, counted like content-service's through the kernel's SharedWindows.
 */
@ApplicationScoped
public class AbuseLimits {

    /** Failures of one account from one address before each further attempt waits 2, 4, 8 ... 60 s. */
    static final int PAIR_SLOW_AFTER = 3;
    /** Failures of one account from one address before that address is locked out of the account for 15 minutes. */
    static final int PAIR_LOCK_AFTER = 10;
    /** Failures of one account from addresses it has not signed in from before each further attempt waits 2 ... 60 s. */
    static final int ACCOUNT_SLOW_AFTER = 10;

    static final long MAX_SLOW_SECONDS = 60;
    static final long WINDOW_SECONDS = 15 * 60;
    static final long LOCK_SECONDS = 15 * 60;
    /** An address the account signed in from skips the account's slowdown for 30 days; the newest 10 are kept. */
    static final long KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

    static final int KNOWN_ADDRESSES = 10;

    /** ARGV[1..4] of every reserving script: now, window, lock seconds, longest slowdown. */
    private static final String COUNTERS = """
            local now = tonumber(ARGV[1])
            local function remaining(key)
              return tonumber(redis.call('HGET', key, 'until') or '0') - now
            end
            -- Counts one failure; answers (and records) the wait it imposes on the next attempt.
            local function count(key, slow, lock)
              local n = redis.call('HINCRBY', key, 'fails', 1)
              local w = 0
              if lock > 0 and n >= lock then w = tonumber(ARGV[3])
              elseif n >= slow then w = math.min(2 ^ (n - slow + 1), tonumber(ARGV[4])) end
              if w > 0 then redis.call('HSET', key, 'until', now + w) end
              redis.call('EXPIRE', key, math.max(tonumber(ARGV[2]), w))
              return w
            end
            """;

    /** KEYS: address. ARGV: counters, slow, lock. Answers {1, wait if it fails} or {0, wait still to go}. */
    private static final String RESERVE_ADDRESS = COUNTERS + """
            local wait = remaining(KEYS[1])
            if wait > 0 then return {0, wait} end
            return {1, count(KEYS[1], tonumber(ARGV[5]), tonumber(ARGV[6]))}
            """;

    /**
     * KEYS: (account, address), account, account's known addresses (one slot: the account's hash tag). ARGV: counters,
     * address, known since, pair slow, pair lock, account slow. Answers as RESERVE_ADDRESS.
     */
    private static final String RESERVE_ACCOUNT = COUNTERS + """
            local known = tonumber(redis.call('ZSCORE', KEYS[3], ARGV[5]) or '0') > tonumber(ARGV[6])
            local wait = remaining(KEYS[1])
            if not known then wait = math.max(wait, remaining(KEYS[2])) end
            if wait > 0 then return {0, wait} end
            local w = count(KEYS[1], tonumber(ARGV[7]), tonumber(ARGV[8]))
            if not known then w = math.max(w, count(KEYS[2], tonumber(ARGV[9]), 0)) end
            return {1, w}
            """;

    /**
     * KEYS: as RESERVE_ACCOUNT. ARGV: now, address, known since, known addresses kept, their lifetime.
     * The attempt succeeded: the pair starts over, the account's count loses this attempt, the address becomes known.
     */
    private static final String SUCCEEDED_ACCOUNT = """
            redis.call('DEL', KEYS[1])
            local known = tonumber(redis.call('ZSCORE', KEYS[3], ARGV[2]) or '0') > tonumber(ARGV[3])
            if not known and tonumber(redis.call('HGET', KEYS[2], 'fails') or '0') > 0 then
              redis.call('HINCRBY', KEYS[2], 'fails', -1)
            end
            redis.call('ZADD', KEYS[3], ARGV[1], ARGV[2])
            redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[3])
            redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -(tonumber(ARGV[4]) + 1))
            redis.call('EXPIRE', KEYS[3], ARGV[5])
            return 0
            """;

    /**
     * KEYS: address. ARGV: slow. The attempt succeeded, or the account refused it: the address's count loses it, and
     * the wait its reservation may have set goes too when the count is back under the slowdown.
     */
    private static final String RELEASE_ADDRESS = """
            local fails = tonumber(redis.call('HGET', KEYS[1], 'fails') or '0')
            if fails > 0 then fails = redis.call('HINCRBY', KEYS[1], 'fails', -1) end
            if fails < tonumber(ARGV[1]) then redis.call('HDEL', KEYS[1], 'until') end
            return 0
            """;

    /** Every request counter's Redis key starts with it (the ACL user's key pattern, deploy/README.md). */
    static final String COUNTER_PREFIX = "auth:rl:";

    /**
     * How the request counters reach Redis: counted here and sent every 100 ms after each window's first request
     * (kernel SharedWindows); counted here alone for 5 s after Redis failed to answer within the Redis deadline.
     */
    private static final Duration COUNTER_SYNC = Duration.ofMillis(100);

    private static final Duration COUNTER_RETRY = Duration.ofSeconds(5);

    private final RedisCalls redis;
    private final Clock clock;
    private final AuthConfig.Limits limits;
    private final SharedWindows requests;

    public AbuseLimits(RedisCalls redis, EventLoopRedis commands, Clock clock, Vertx vertx, AuthConfig config) {
        this.redis = redis;
        this.clock = clock;
        this.limits = config.limits();
        this.requests = new SharedWindows(
                commands,
                COUNTER_PREFIX,
                clock,
                vertx,
                new SharedWindows.Settings(COUNTER_SYNC, config.redisDeadline(), COUNTER_RETRY));
    }

    @PreDestroy
    void stop() {
        requests.close();
    }

    /**
     * Counts a sign-in attempt before it is evaluated, or refuses it. The address is asked first; when the account
     * then refuses the attempt, the address's count is given back: a refused attempt counts nowhere.
     */
    public Uni<SignInAttempt> reserveSignIn(String email, String address) {
        return reservePasskeySignIn(address)
                .chain(byAddress -> byAddress.evaluate()
                        ? reserveForAccount(email, address, byAddress)
                        : Uni.createFrom().item(byAddress));
    }

    /**
     * Counts a passkey sign-in before its assertion is verified, or refuses it: the address's count only, since no
     * account is named until the assertion is (and a passkey cannot be guessed, only replayed or forged).
     */
    public Uni<SignInAttempt> reservePasskeySignIn(String address) {
        return eval(
                        RESERVE_ADDRESS,
                        new String[] {addressKey(address)},
                        counterArgs(
                                Integer.toString(limits.addressSlowAfter()),
                                Integer.toString(limits.addressLockAfter())))
                .map(AbuseLimits::attempt);
    }

    /** The reserved passkey sign-in succeeded: it no longer counts against the address. */
    public Uni<Void> passkeySignInSucceeded(String address) {
        return releaseAddress(address);
    }

    private Uni<SignInAttempt> reserveForAccount(String email, String address, SignInAttempt byAddress) {
        return eval(
                        RESERVE_ACCOUNT,
                        accountKeys(email, address),
                        counterArgs(
                                address,
                                knownSince(),
                                Integer.toString(PAIR_SLOW_AFTER),
                                Integer.toString(PAIR_LOCK_AFTER),
                                Integer.toString(ACCOUNT_SLOW_AFTER)))
                .map(AbuseLimits::attempt)
                .chain(byAccount -> byAccount.evaluate()
                        ? Uni.createFrom()
                                .item(new SignInAttempt(
                                        true, Math.max(byAccount.waitSeconds(), byAddress.waitSeconds())))
                        : releaseAddress(address).replaceWith(byAccount));
    }

    /** The reserved attempt succeeded: it no longer counts, and the address is known to the account. */
    public Uni<Void> signInSucceeded(String email, String address) {
        return Uni.combine()
                .all()
                .unis(
                        eval(
                                SUCCEEDED_ACCOUNT,
                                accountKeys(email, address),
                                now(),
                                address,
                                knownSince(),
                                Integer.toString(KNOWN_ADDRESSES),
                                Long.toString(KNOWN_ADDRESS_SECONDS)),
                        releaseAddress(address))
                .discardItems();
    }

    private Uni<Void> releaseAddress(String address) {
        return eval(RELEASE_ADDRESS, new String[] {addressKey(address)}, Integer.toString(limits.addressSlowAfter()))
                .replaceWithVoid();
    }

    /** Fails with 429 when the address made too many token requests this minute. */
    public Uni<Void> tokenRequest(String address) {
        return limit("token", address, 60, limits.tokenRequestsPerMinute());
    }

    /**
     * Fails with 429 when the address, or the client, pushed too many authorization requests this minute (RFC 9126
     * §2.3): each is kept in Redis for its lifetime, so this also bounds what one client holds there.
     */
    public Uni<Void> pushedRequest(String address) {
        return limit("par", address, 60, limits.pushedRequestsPerMinute());
    }

    public Uni<Void> pushedRequestOf(String clientId) {
        return limit("par-client", Tokens.sha256(clientId), 60, limits.pushedRequestsPerMinute());
    }

    /** Fails with 429 when the address registered too many clients this hour. */
    public Uni<Void> registration(String address) {
        return limit("register", address, 3600, limits.registrationsPerHour());
    }

    /**
     * A fixed-window counter shared by the replicas: fails with 429 slow_down once {@code max} requests were made in
     * the window, which starts with the address's first request.
     */
    public Uni<Void> limit(String what, String address, long window, int max) {
        return requests.hit(what + ":" + address, Duration.ofSeconds(window)).map(usage -> {
            if (usage.count() > max) {
                throw new OAuthException(
                        429, "slow_down", "Too many requests from this address; wait and retry.", null);
            }
            return null;
        });
    }

    private String now() {
        return Long.toString(clock.instant().getEpochSecond());
    }

    private String knownSince() {
        return Long.toString(clock.instant().getEpochSecond() - KNOWN_ADDRESS_SECONDS);
    }

    /** ARGV of the reserving scripts: the counters' settings, then the script's own. */
    private String[] counterArgs(String... own) {
        String[] all = new String[4 + own.length];
        all[0] = now();
        all[1] = Long.toString(WINDOW_SECONDS);
        all[2] = Long.toString(LOCK_SECONDS);
        all[3] = Long.toString(MAX_SLOW_SECONDS);
        System.arraycopy(own, 0, all, 4, own.length);
        return all;
    }

    private static SignInAttempt attempt(io.vertx.mutiny.redis.client.Response reply) {
        return new SignInAttempt(reply.get(0).toInteger() == 1, reply.get(1).toLong());
    }

    /**
     * Every key of one account shares its hash tag, so the account's script runs in one Redis Cluster slot; the
     * address's key has a tag of its own.
     */
    private static String[] accountKeys(String email, String address) {
        String account =
                "auth:bf:{" + Tokens.sha256(email == null ? "" : email.strip().toLowerCase(Locale.ROOT)) + "}";
        return new String[] {account + ":addr:" + address, account + ":all", account + ":known"};
    }

    private static String addressKey(String address) {
        return "auth:bf:addr:{" + address + "}";
    }

    private Uni<io.vertx.mutiny.redis.client.Response> eval(String script, String[] keys, String... args) {
        return redis.eval(script, List.of(keys), List.of(args));
    }
}
