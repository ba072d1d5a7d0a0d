package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.error.OAuthException;

/** RFC 6750 §2.1: the bearer token from the Authorization header. */
final class BearerToken {

    private BearerToken() {}

    static String from(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            // RFC 6750 §3.1: no error code when the request carried no credentials.
            throw new OAuthException(401, "invalid_request", "A bearer token is required.", "Bearer realm=\"oauth\"");
        }
        if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7) || authorization.length() > 4096) {
            throw OAuthException.invalidToken("Use the Bearer scheme.");
        }
        String token = authorization.substring(7).trim();
        if (token.isEmpty() || !token.matches("[A-Za-z0-9\\-._~+/]+=*")) {
            throw OAuthException.invalidToken("Malformed bearer token.");
        }
        return token;
    }
}
