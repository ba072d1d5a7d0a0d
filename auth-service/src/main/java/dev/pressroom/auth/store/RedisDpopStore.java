package dev.pressroom.auth.store;

import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The DPoP store in Redis: per key thumbprint, a sorted set of the SHA-256 of its proofs' jti scored by expiry, kept
 * by one script that drops the expired, so a key holds at most {@code maxPerKey} live proofs and the set expires with
 * its newest one.
 */
@ApplicationScoped
public class RedisDpopStore implements DpopStore {

    private final RedisCalls redis;
    private final Clock clock;

    public RedisDpopStore(RedisCalls redis, Clock clock) {
        this.redis = redis;
        this.clock = clock;
    }

    @Override
    public Uni<ProofUse> use(String jkt, String jti, long expiresAt, int maxPerKey) {
        long now = clock.instant().getEpochSecond();
        return redis.eval(
                        LuaScripts.USE_DPOP_PROOF,
                        List.of(RedisKeys.dpopProofs(jkt)),
                        List.of(
                                Long.toString(now),
                                Long.toString(expiresAt),
                                Integer.toString(maxPerKey),
                                Tokens.sha256(jti),
                                Long.toString(Math.max(1, expiresAt - now))))
                .map(r -> ProofUse.valueOf(r.toString().toUpperCase(Locale.ROOT)));
    }

    /** SET NX: of two replicas starting at once, one key wins and both read it. */
    @Override
    public Uni<byte[]> nonceKey() {
        String key = RedisKeys.dpopNonceKey();
        return redis.command("SET", key, Tokens.random(32), "NX")
                .chain(() -> redis.command("GET", key))
                .map(r -> Base64.getUrlDecoder().decode(r.toString()));
    }
}
