package dev.pressroom.auth.request;

import dev.pressroom.auth.error.OAuthException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * How a client identified itself at the token, revocation or introspection endpoint: HTTP Basic with the
 * form-urlencoded id and secret (RFC 6749 §2.3.1), or, for a public client, client_id alone.
 */
public record ClientCredentials(String clientId, Optional<String> secret) {

    public static ClientCredentials from(String authorization, Params params) {
        Optional<String> formClientId = params.optional(OAuthParams.CLIENT_ID);
        if (params.optional(OAuthParams.CLIENT_SECRET).isPresent()) {
            throw OAuthException.invalidClient("Send the client secret with HTTP Basic (client_secret_basic).");
        }
        if (authorization == null || authorization.isBlank()) {
            return formClientId
                    .map(id -> new ClientCredentials(id, Optional.empty()))
                    .orElseThrow(() -> OAuthException.invalidClient("Client authentication is required."));
        }
        ClientCredentials basic = parseBasic(authorization);
        if (formClientId.isPresent() && !formClientId.get().equals(basic.clientId())) {
            throw OAuthException.invalidClient("client_id does not match the authenticated client.");
        }
        return basic;
    }

    static ClientCredentials parseBasic(String authorization) {
        if (authorization.length() > 4096 || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            throw OAuthException.invalidClient("Unsupported client authentication; use HTTP Basic.");
        }
        String decoded;
        try {
            decoded = new String(
                    Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw OAuthException.invalidClient("Malformed Basic credentials.");
        }
        int colon = decoded.indexOf(':');
        if (colon <= 0) {
            throw OAuthException.invalidClient("Malformed Basic credentials.");
        }
        try {
            String id = URLDecoder.decode(decoded.substring(0, colon), StandardCharsets.UTF_8);
            String secret = URLDecoder.decode(decoded.substring(colon + 1), StandardCharsets.UTF_8);
            if (id.isEmpty() || secret.isEmpty()) {
                throw OAuthException.invalidClient("Malformed Basic credentials.");
            }
            return new ClientCredentials(id, Optional.of(secret));
        } catch (IllegalArgumentException e) {
            throw OAuthException.invalidClient("Malformed Basic credentials.");
        }
    }
}
