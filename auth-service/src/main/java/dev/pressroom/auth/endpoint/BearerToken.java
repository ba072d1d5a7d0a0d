package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.request.Params;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The bearer token of a request to a protected resource (RFC 6750 §2). */
final class BearerToken {

    /** RFC 6750 §2.2: the form-encoded body parameter. */
    static final String ACCESS_TOKEN = "access_token";

    private BearerToken() {}

    /** RFC 6750 §2.1: the token from the Authorization header, the only place most endpoints read it. */
    static String from(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            // RFC 6750 §3.1: no error code when the request carried no credentials.
            throw new OAuthException(401, "invalid_request", "A bearer token is required.", "Bearer realm=\"oauth\"");
        }
        if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7) || authorization.length() > 4096) {
            throw OAuthException.invalidToken("Use the Bearer scheme.");
        }
        return wellFormed(authorization.substring(7).trim());
    }

    /**
     * The token from the Authorization header (RFC 6750 §2.1) or, on a form-encoded POST, from the body's
     * access_token (§2.2). Exactly one method per request (§2). A token in the query (§2.3) is refused, not
     * ignored: URLs end up in logs, browser history and Referer headers (§5.3), so the client hears at once that
     * it must move the token.
     */
    static String fromHeaderOrForm(
            String authorization, Map<String, List<String>> query, String contentType, String body) {
        if (query.containsKey(ACCESS_TOKEN)) {
            throw invalidRequest("Send the access token in the Authorization header or a form body, never in the URL.");
        }
        if (!isForm(contentType)) {
            return fromHeader(authorization);
        }
        Params form = new Params(
                        FormBody.decode(body, () -> invalidRequest("The form body is malformed.")),
                        BearerToken::invalidRequest)
                .checkAll();
        return form.optional(ACCESS_TOKEN)
                .map(token -> {
                    if (authorization != null && !authorization.isBlank()) {
                        throw invalidRequest("Send the access token one way only: header or form body.");
                    }
                    return wellFormed(token);
                })
                .orElseGet(() -> fromHeader(authorization));
    }

    /** RFC 9449 §7.1: a DPoP-bound access token comes with the DPoP scheme instead of Bearer. */
    static boolean isDpop(String authorization) {
        return authorization != null && authorization.regionMatches(true, 0, "DPoP ", 0, 5);
    }

    /** The token of a Bearer or DPoP Authorization header; whether its scheme suits the token is checked later. */
    private static String fromHeader(String authorization) {
        return isDpop(authorization) ? wellFormed(authorization.substring(5).trim()) : from(authorization);
    }

    private static boolean isForm(String contentType) {
        return contentType != null
                && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
    }

    private static String wellFormed(String token) {
        // RFC 6750 §2.1 b64token syntax.
        if (token.isEmpty() || token.length() > 4096 || !token.matches("[A-Za-z0-9\\-._~+/]+=*")) {
            throw OAuthException.invalidToken("Malformed bearer token.");
        }
        return token;
    }

    /** RFC 6750 §3.1: a malformed request is 400 invalid_request. */
    private static OAuthException invalidRequest(String description) {
        return new OAuthException(400, "invalid_request", description, "Bearer error=\"invalid_request\"");
    }
}
