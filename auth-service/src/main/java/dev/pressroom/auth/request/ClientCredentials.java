package dev.pressroom.auth.request;

import dev.pressroom.auth.error.OAuthException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.jose4j.json.JsonUtil;
import org.jose4j.lang.JoseException;

/**
 * How a client identified itself at the token, revocation or introspection endpoint: HTTP Basic with the
 * form-urlencoded id and secret (RFC 6749 §2.3.1), a signed JWT (private_key_jwt, RFC 7523 §2.2), or, for a public
 * client, client_id alone. Every endpoint that authenticates clients reads them here, and nowhere else.
 */
public record ClientCredentials(String clientId, Optional<String> secret, Optional<String> assertion) {

    public static ClientCredentials from(String authorization, Params params) {
        Optional<String> formClientId = params.optional(OAuthParams.CLIENT_ID);
        Optional<String> assertion = params.optional(OAuthParams.CLIENT_ASSERTION);
        if (assertion.isPresent()
                || params.optional(OAuthParams.CLIENT_ASSERTION_TYPE).isPresent()) {
            return fromAssertion(authorization, formClientId, assertion, params);
        }
        if (params.optional(OAuthParams.CLIENT_SECRET).isPresent()) {
            throw OAuthException.invalidClient("Send the client secret with HTTP Basic (client_secret_basic).");
        }
        if (authorization == null || authorization.isBlank()) {
            return formClientId
                    .map(id -> new ClientCredentials(id, Optional.empty(), Optional.empty()))
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
            return new ClientCredentials(id, Optional.of(secret), Optional.empty());
        } catch (IllegalArgumentException e) {
            throw OAuthException.invalidClient("Malformed Basic credentials.");
        }
    }

    /**
     * RFC 7523 §2.2: client_assertion_type names the JWT bearer type; client_id, optional, must be the assertion's
     * subject, which is read here unverified only to find the client (the signature check proves it). RFC 6749 §2.3:
     * one authentication method per request, so no Basic header beside it.
     */
    private static ClientCredentials fromAssertion(
            String authorization, Optional<String> formClientId, Optional<String> assertion, Params params) {
        if (authorization != null && !authorization.isBlank()) {
            throw OAuthException.invalidClient("Use one client authentication method, not Basic and an assertion.");
        }
        if (!OAuthParams.JWT_BEARER_ASSERTION.equals(
                params.optional(OAuthParams.CLIENT_ASSERTION_TYPE).orElse(null))) {
            throw OAuthException.invalidClient(
                    "client_assertion_type must be " + OAuthParams.JWT_BEARER_ASSERTION + ".");
        }
        String jwt = assertion.orElseThrow(() -> OAuthException.invalidClient("client_assertion is missing."));
        String subject = unverifiedSubject(jwt);
        if (formClientId.isPresent() && !formClientId.get().equals(subject)) {
            throw OAuthException.invalidClient("client_id does not match the assertion's sub.");
        }
        return new ClientCredentials(subject, Optional.empty(), Optional.of(jwt));
    }

    private static String unverifiedSubject(String jwt) {
        String[] parts = jwt.split("\\.", -1);
        if (parts.length == 3) {
            try {
                String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
                if (JsonUtil.parseJson(payload).get("sub") instanceof String subject && !subject.isEmpty()) {
                    return subject;
                }
            } catch (JoseException | IllegalArgumentException e) {
                // not a JWT: the same answer as below
            }
        }
        throw OAuthException.invalidClient("client_assertion is not a JWT with a sub.");
    }
}
