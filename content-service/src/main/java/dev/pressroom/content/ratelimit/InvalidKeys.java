package dev.pressroom.content.ratelimit;

import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.abuse.FailureThrottle;
import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.redis.EventLoopRedis;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Map;

/**
 * Keys are not a guessing game: each client address may be answered {@code invalid_key} {@code invalid-keys} times
 * per {@code invalid-key-window} (99 an hour, as Ghost), then every keyed request from it is a 429 until the window
 * ends, a correct key included (else a correct guess would still stand out). Counted through the kernel's
 * {@link FailureThrottle}, shared by the replicas through Redis (keys {@code rl:ik:<address>}).
 */
@ApplicationScoped
public class InvalidKeys {

    /** Addresses remembered per replica, about 120 bytes each (map node, address string, window): ~2.4 MB at most. */
    private static final int MAX_ADDRESSES = 20_000;

    private final boolean enabled;
    private final FailureThrottle throttle;
    private final Counter blocked;

    public InvalidKeys(EventLoopRedis redis, ContentConfig config, Clock clock, MeterRegistry registry) {
        ContentConfig.RateLimit limits = config.rateLimit();
        this.enabled = limits.enabled();
        this.throttle = new FailureThrottle(
                redis,
                clock,
                "rl:ik:",
                limits.invalidKeys(),
                limits.invalidKeyWindow(),
                limits.redisTimeout(),
                MAX_ADDRESSES);
        this.blocked = Counter.builder("pressroom.content.invalid.key.blocked")
                .description("Keyed requests answered 429 because their client address sent too many invalid keys")
                .register(registry);
    }

    /** The 429 for an address that sent too many invalid keys, or null: from this replica's memory, no Redis call. */
    public ApiException blocked(String address) {
        if (!enabled) {
            return null;
        }
        long seconds = throttle.blockedSeconds(address);
        return seconds == 0 ? null : tooMany(seconds);
    }

    /** Counts the invalid-key answer; fails with it, or with the 429 once the address is past its allowance. */
    public <T> Uni<T> failed(String address, ApiException invalidKey) {
        if (!enabled) {
            return Uni.createFrom().failure(invalidKey);
        }
        return throttle.failed(address)
                .chain(seconds -> Uni.createFrom().failure(seconds == 0 ? invalidKey : tooMany(seconds)));
    }

    private ApiException tooMany(long seconds) {
        blocked.increment();
        return new ApiException(
                429,
                "TooManyRequestsError",
                "rate_limited",
                "Too many invalid content keys from this client address; retry in " + seconds + " s.",
                Map.of("Retry-After", Long.toString(seconds)));
    }
}
