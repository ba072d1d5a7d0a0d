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
        /** The retiring refresh token was already retired (and is no retry within the grace): reuse. Nothing was recorded. */
        REUSED,
        /** The grant was revoked. Nothing was recorded. */
        REVOKED,
        /** The grant already holds as many live tokens as a grant may. Nothing was recorded. */
        FULL
    }

    /**
     * The refresh token a mint rotates. A current one is retired by the mint. A {@code retried} one was rotated
     * already and comes back within the reuse grace (AuthConfig#refreshReuseGrace): the mint goes ahead only if the
     * successor of that rotation was never used, and retires that successor (and revokes its access token) instead,
     * so the chain keeps one live refresh token and a later use of the successor is reuse.
     */
    record Retiring(String token, boolean retried) {

        public static Retiring current(String token) {
            return new Retiring(token, false);
        }

        public static Retiring retried(String token) {
            return new Retiring(token, true);
        }
    }

    /**
     * Records an access token and, when {@code refreshToken} is non-null, a current refresh token, both in the grant
     * of {@code accessGrant}, and adds the grant to its app's index. When {@code retiring} is non-null (a refresh),
     * that refresh token is rotated in the same atomic step, as {@link Retiring} says, or nothing is recorded.
     */
    Uni<Minted> mint(Retiring retiring, Grant accessGrant, String accessToken, Grant refreshGrant, String refreshToken);

    Uni<Grant> findAccessToken(String accessToken);

    /** A refresh token in any state: FIRST_USE while current, REUSED once retired, UNKNOWN otherwise. */
    Uni<Outcome<Grant>> findRefreshToken(String refreshToken);

    /** Revokes every access and refresh token of the grant and refuses any later mint into it. */
    Uni<Void> revokeGrant(String accountId, String grantId);

    Uni<Void> revokeAccessToken(String accessToken);

    /** Revokes every grant an account gave a client: codes, access tokens and refresh chains. */
    Uni<Void> revokeApp(String accountId, String clientId);
}
