package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Access tokens and refresh-token chains, grouped by grant so a grant can be revoked at once. */
public interface TokenStore {

    /**
     * Records an access token and, when {@code refreshToken} is non-null, a current refresh token, both in
     * {@code grant}. Answers false (and records nothing) when the grant was revoked meanwhile.
     */
    Uni<Boolean> mint(Grant accessGrant, String accessToken, Grant refreshGrant, String refreshToken);

    /** Atomically retires a current refresh token; a retired one answers REUSED. */
    Uni<Outcome<Grant>> rotate(String refreshToken);

    Uni<Grant> findAccessToken(String accessToken);

    /** The grant of a refresh token that is still current, or null. */
    Uni<Grant> findCurrentRefreshToken(String refreshToken);

    /** A refresh token in any state: FIRST_USE while current, REUSED once retired, UNKNOWN otherwise. */
    Uni<Outcome<Grant>> findRefreshToken(String refreshToken);

    /** Revokes every access and refresh token of the grant and refuses any later mint into it. */
    Uni<Void> revokeGrant(String grantId);

    Uni<Void> revokeAccessToken(String accessToken);

    /** Revokes every grant an account gave a client: codes, access tokens and refresh chains. */
    Uni<Void> revokeApp(String accountId, String clientId);
}
