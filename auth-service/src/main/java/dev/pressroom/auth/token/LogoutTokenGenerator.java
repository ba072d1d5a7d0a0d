package dev.pressroom.auth.token;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.keys.JwsAlgorithm;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Logout tokens (OpenID Connect Back-Channel Logout 1.0 §2.4): a JWT of type {@code logout+jwt} with iss, aud (the
 * client), iat, exp, jti, the back-channel logout event, and sub and/or sid; never a nonce (§2.4, so it cannot pass
 * for an ID token). Signed as the client's ID tokens are (id_token_signed_response_alg), so it verifies with what the
 * client already checks ID tokens with.
 */
@ApplicationScoped
public class LogoutTokenGenerator {

    /** §2.4: the member of {@code events} that makes a JWT a logout token. */
    public static final String EVENT = "http://schemas.openid.net/event/backchannel-logout";

    /** §2.4, RFC 8725 §3.11: explicit typing, so no other kind of JWT of ours is taken for one. */
    public static final String TYPE = "logout+jwt";

    private final ClaimsSigner signer;
    private final AuthConfig config;
    private final Clock clock;

    public LogoutTokenGenerator(ClaimsSigner signer, AuthConfig config, Clock clock) {
        this.signer = signer;
        this.config = config;
        this.clock = clock;
    }

    /**
     * A signed logout token for one client.
     *
     * @param sub the account, or null; {@code sid} the session, or null; at least one of them (§2.4)
     */
    public String generate(String clientId, JwsAlgorithm alg, String sub, String sid) {
        if (sub == null && sid == null) {
            throw new IllegalArgumentException("A logout token names a sub, a sid or both");
        }
        long now = clock.instant().getEpochSecond();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", config.issuer());
        claims.put("aud", clientId);
        claims.put("iat", now);
        claims.put("exp", now + config.backchannel().tokenTtl().toSeconds());
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("events", Map.of(EVENT, Map.of()));
        if (sub != null) {
            claims.put("sub", sub);
        }
        if (sid != null) {
            claims.put("sid", sid);
        }
        return signer.sign(alg, claims, TYPE);
    }
}
