package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Access tokens and refresh-token chains, grouped by grant so a grant can be revoked at once. */
public interface TokenStore {

    /** What {@link #mint} did. */
    enum Minted {
        /** The tokens are recorded (and the retiring refresh token retired). */
        MINTED,
        /** The retiring refresh token is no longer known (expired, or its grant was revoked). */
        UNKNOWN,
        /** The retiring refresh token was already retired: reuse. Nothing was recorded. */
        REUSED,
        /** The grant was revoked. Nothing was recorded. */
        REVOKED,
        /** The grant already holds as many live tokens as a grant may. Nothing was recorded. */
        FULL
    }

    /**
     * Records an access token and, when {@code refreshToken} is non-null, a current refresh token, both in the grant
     * of {@code accessGrant}, and adds the grant to its app's index. When {@code retiring} is non-null (a refresh),
     * that refresh token is retired in the same atomic step, and only if it is still current.
     */
    Uni<Minted> mint(String retiring, Grant accessGrant, String accessToken, Grant refreshGrant, String refreshToken);

    Uni<Grant> findAccessToken(String accessToken);

    /** A refresh token in any state: FIRST_USE while current, REUSED once retired, UNKNOWN otherwise. */
    Uni<Outcome<Grant>> findRefreshToken(String refreshToken);

    /** Revokes every access and refresh token of the grant and refuses any later mint into it. */
    Uni<Void> revokeGrant(String accountId, String grantId);

    Uni<Void> revokeAccessToken(String accessToken);

    /** Revokes every grant an account gave a client: codes, access tokens and refresh chains. */
    Uni<Void> revokeApp(String accountId, String clientId);
}
