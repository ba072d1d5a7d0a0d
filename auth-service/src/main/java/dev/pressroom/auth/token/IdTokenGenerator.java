package dev.pressroom.auth.token;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.kernel.id.Tokens;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * ID tokens (OIDC Core §2, §3.1.3.6) signed with the active key of the client's algorithm (OIDC Registration §2
 * id_token_signed_response_alg, RS256 by default), its kid in the header.
 */
@ApplicationScoped
public class IdTokenGenerator {

    private final ClaimsSigner signer;
    private final AuthConfig config;
    private final Clock clock;

    public IdTokenGenerator(ClaimsSigner signer, AuthConfig config, Clock clock) {
        this.signer = signer;
        this.config = config;
        this.clock = clock;
    }

    /**
     * A signed ID token.
     *
     * @param claims sub plus the claims of the granted scopes; nonce null on refresh (OIDC Core §12.2).
     */
    public String generate(IdTokenInput input, Map<String, Object> claims) {
        long now = clock.instant().getEpochSecond();
        Map<String, Object> all = new LinkedHashMap<>(claims);
        all.put("iss", config.issuer());
        all.put("aud", input.clientId());
        all.put("iat", now);
        all.put("exp", now + config.accessTokenTtl().toSeconds());
        all.put("jti", UUID.randomUUID().toString());
        all.put("auth_time", input.authTime());
        all.put("amr", AuthenticationMethods.claimed(input.amr()));
        String acr = AuthenticationMethods.acr(input.amr());
        if (acr != null) {
            all.put("acr", acr);
        }
        all.put("sid", input.sid());
        all.put("azp", input.clientId());
        all.put("at_hash", atHash(input.accessToken()));
        if (input.nonce() != null) {
            all.put("nonce", input.nonce());
        }
        return signer.sign(input.alg(), all, "JWT");
    }

    /** OIDC Core §3.1.3.6: base64url of the left half of SHA-256 of the access token's ASCII octets. */
    public static String atHash(String accessToken) {
        byte[] digest = Tokens.sha256Bytes(accessToken.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, digest.length / 2));
    }

    public record IdTokenInput(
            String clientId,
            String accessToken,
            long authTime,
            List<String> amr,
            String sid,
            String nonce,
            JwsAlgorithm alg) {}
}
