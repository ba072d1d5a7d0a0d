package dev.pressroom.auth.client;

import java.time.Instant;
import java.util.List;

/** A registered client (RFC 6749 §2). {@code secretHash} is null for public clients (auth method none). */
public record Client(
        String id,
        String secretHash,
        String name,
        List<String> redirectUris,
        List<String> postLogoutRedirectUris,
        List<String> scopes,
        String authMethod,
        Kind kind,
        boolean verified,
        String verifiedBy,
        Instant verifiedAt,
        String createdBy,
        Instant createdAt) {

    public static final String SECRET_BASIC = "client_secret_basic";
    public static final String NONE = "none";

    public enum Kind {
        FIRST_PARTY,
        DYNAMIC
    }

    public boolean isPublic() {
        return NONE.equals(authMethod);
    }

    public boolean allowsScope(String scope) {
        return scopes.contains(scope);
    }
}
