package dev.pressroom.auth.client;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.jose.PublicJwk;
import dev.pressroom.auth.store.RedisCalls;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Authenticates a private_key_jwt client by its assertion (RFC 7523 §3): {@link AssertionRules} over the client's
 * keys, fetched once more on an unknown kid, then the jti recorded in Redis until the assertion expires, so each
 * assertion authenticates one request only (RFC 9700 §2.3). Only assertions whose signature verified reach Redis,
 * so a stranger cannot fill it.
 */
@ApplicationScoped
public class ClientAssertions {

    private final AssertionRules rules;
    private final ClientKeys keys;
    private final RedisCalls redis;
    private final Clock clock;

    public ClientAssertions(AuthConfig config, ClientKeys keys, RedisCalls redis, Clock clock) {
        this.rules = new AssertionRules(config.issuer());
        this.keys = keys;
        this.redis = redis;
        this.clock = clock;
    }

    public Uni<Void> verify(Client client, String assertion) {
        return keys.current(client)
                .map(current -> check(client, assertion, current))
                .onFailure(AssertionRules.UnknownKey.class)
                .recoverWithUni(() -> keys.refreshed(client).map(fresh -> check(client, assertion, fresh)))
                .onFailure(AssertionRules.UnknownKey.class)
                .transform(unknown -> OAuthException.invalidClient(unknown.getMessage()))
                .chain(verified -> useOnce(client, verified));
    }

    private AssertionRules.Verified check(Client client, String assertion, List<PublicJwk> clientKeys) {
        return rules.verify(assertion, client.id(), clientKeys, clock.instant());
    }

    /** SET NX: the first request with this jti wins; the key expires when the assertion would have. */
    private Uni<Void> useOnce(Client client, AssertionRules.Verified verified) {
        long ttlMillis = Math.max(
                1000,
                Duration.between(clock.instant(), verified.expiresAt().plus(AssertionRules.SKEW))
                        .toMillis());
        String key = "auth:assertion:" + Tokens.sha256(client.id() + "\n" + verified.jti());
        return redis.command("SET", key, "1", "NX", "PX", Long.toString(ttlMillis))
                .map(reply -> {
                    if (reply == null) {
                        throw OAuthException.invalidClient("The assertion was used before (jti); sign a new one.");
                    }
                    return null;
                });
    }
}
