package dev.pressroom.auth.passkey;

import dev.pressroom.auth.store.RedisCalls;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Base64;

/**
 * WebAuthn challenges in Redis: 32 random bytes, each bound to the ceremony it was issued for (a pending sign-in, or an
 * account's session adding a passkey), kept 2 minutes and taken at most once (GETDEL): a replayed or expired response
 * finds nothing. Through RedisCalls, so Redis trouble is a 503, never a ceremony without its challenge.
 */
@ApplicationScoped
public class PasskeyChallenges {

    /** WebAuthn §13.4.3 recommends timeouts of 5-10 minutes with UV; two suffice for one touch, and bound Redis. */
    public static final Duration LIFETIME = Duration.ofMinutes(2);

    private final RedisCalls redis;

    public PasskeyChallenges(RedisCalls redis) {
        this.redis = redis;
    }

    /** A new challenge for the ceremony {@code boundTo}; answers it base64url-encoded. */
    public Uni<String> issue(String boundTo) {
        String challenge = Tokens.random(32);
        return redis.command("SET", key(challenge), boundTo, "EX", Long.toString(LIFETIME.toSeconds()))
                .replaceWith(challenge);
    }

    /** Takes the challenge if it was issued for {@code boundTo} and not taken yet: true only then. */
    public Uni<Boolean> take(byte[] challenge, String boundTo) {
        return redis.command(
                        "GETDEL", key(Base64.getUrlEncoder().withoutPadding().encodeToString(challenge)))
                .map(r -> r != null && Tokens.constantTimeEquals(r.toString(), boundTo));
    }

    private static String key(String challenge) {
        return "auth:pkc:" + challenge;
    }
}
