package dev.pressroom.auth.token;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.keys.SigningKeys;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

/** RS256 ID tokens (OIDC Core §2, §3.1.3.6) signed with the active key, its kid in the header. */
@ApplicationScoped
public class IdTokenGenerator {

    private final SigningKeys keys;
    private final AuthConfig config;
    private final Clock clock;

    public IdTokenGenerator(SigningKeys keys, AuthConfig config, Clock clock) {
        this.keys = keys;
        this.config = config;
        this.clock = clock;
    }

    /** @param claims sub plus the claims of the granted scopes; nonce null on refresh (OIDC Core §12.2). */
    public String generate(IdTokenInput input, Map<String, Object> claims) {
        long now = clock.instant().getEpochSecond();
        SigningKey key = keys.active();
        var builder = Jwt.claims(claims)
                .issuer(config.issuer())
                .audience(input.clientId())
                .issuedAt(now)
                .expiresAt(now + config.accessTokenTtl().getSeconds())
                .claim("auth_time", input.authTime())
                .claim("amr", input.amr())
                .claim("sid", input.sid())
                .claim("azp", input.clientId())
                .claim("at_hash", atHash(input.accessToken()));
        if (input.nonce() != null) {
            builder.claim("nonce", input.nonce());
        }
        return builder.jws().keyId(key.kid()).algorithm(SignatureAlgorithm.RS256).sign(key.privateKey());
    }

    /** OIDC Core §3.1.3.6: base64url of the left half of SHA-256 of the access token's ASCII octets. */
    public static String atHash(String accessToken) {
        byte[] digest = Tokens.sha256Bytes(accessToken.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, digest.length / 2));
    }

    public record IdTokenInput(String clientId, String accessToken, long authTime, java.util.List<String> amr,
                               String sid, String nonce) {
    }
}
