package dev.pressroom.auth.grant;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ClaimsService;
import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.account.StandardClaims;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.grant.Revocations.Reason;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.passkey.PasskeyStore;
import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.RedisKeys;
import dev.pressroom.auth.store.TokenStore;
import dev.pressroom.auth.token.IdTokenGenerator;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.auth.validate.Scopes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

/**
 * Mints the tokens of a grant: an opaque access token (256 random bits), a refresh token when offline_access
 * was granted, and an ID token when openid is in scope. The consent the grant rests on must still exist in
 * PostgreSQL (removing the app, or removing and granting it again, ends every earlier grant even if Redis missed the
 * revocation; {@link ConsentStore#currentId} says how fresh the answer is). So must the passkey the grant's sign-in
 * used, if any: removing a passkey ends what it started, every code not yet exchanged and every refresh chain, at their
 * next use. Tokens are recorded before they are returned; if the grant was revoked meanwhile (a replayed code),
 * nothing is returned.
 */
@ApplicationScoped
public class TokenIssuer {

    private final TokenStore tokens;
    private final Revocations revocations;
    private final AccountService accounts;
    private final ClaimsService claims;
    private final ConsentStore consents;
    private final PasskeyStore passkeys;
    private final IdTokenGenerator idTokens;
    private final AuthConfig config;
    private final Clock clock;

    public TokenIssuer(
            TokenStore tokens,
            Revocations revocations,
            AccountService accounts,
            ClaimsService claims,
            ConsentStore consents,
            PasskeyStore passkeys,
            IdTokenGenerator idTokens,
            AuthConfig config,
            Clock clock) {
        this.tokens = tokens;
        this.revocations = revocations;
        this.accounts = accounts;
        this.claims = claims;
        this.consents = consents;
        this.passkeys = passkeys;
        this.idTokens = idTokens;
        this.config = config;
        this.clock = clock;
    }

    /**
     * Mints and records the tokens of a grant.
     *
     * @param grant        the whole grant (refresh tokens keep its scopes, RFC 6749 §6)
     * @param accessScopes the scopes of this access token (narrower on a refresh with scope)
     * @param nonce        the authorization request's nonce, null on refresh
     * @param retiring     the refresh token being rotated (retired only if these tokens are recorded), null for a code
     * @param idTokenAlg   what the client's ID tokens are signed with (its id_token_signed_response_alg)
     * @param dpopJkt      the DPoP key the access token is bound to (RFC 9449 §5), null for a bearer token
     */
    public Uni<TokenResponse> issue(
            Grant grant,
            List<String> accessScopes,
            String nonce,
            TokenStore.Retiring retiring,
            JwsAlgorithm idTokenAlg,
            String dpopJkt) {
        UUID accountId = UUID.fromString(grant.accountId());
        return Uni.combine()
                .all()
                .unis(
                        accounts.find(accountId),
                        consents.currentId(accountId, grant.clientId()),
                        grant.passkeyId() == null
                                ? Uni.createFrom().item(true)
                                : passkeys.exists(UUID.fromString(grant.passkeyId())))
                .asTuple()
                .chain(found -> {
                    if (found.getItem1() == null) {
                        throw OAuthException.invalidGrant("The account no longer exists.");
                    }
                    UUID consentId = found.getItem2();
                    if (consentId == null || !consentId.toString().equals(grant.consentId())) {
                        // Gone where the authorization's copy never heard of it (an operator's delete, a restore):
                        // the copy is put right, so the next authorization asks again.
                        return (consentId == null
                                        ? consents.removed(accountId, grant.clientId())
                                        : Uni.createFrom().voidItem())
                                .chain(() -> revocations.revokeGrantAndRefuse(
                                        grant.accountId(),
                                        grant.grantId(),
                                        Reason.CONSENT_REMOVED,
                                        "The person removed this app's access."));
                    }
                    if (!found.getItem3()) {
                        return revocations.revokeGrantAndRefuse(
                                grant.accountId(),
                                grant.grantId(),
                                Reason.PASSKEY_REMOVED,
                                "The person removed the passkey this sign-in used.");
                    }
                    return mint(found.getItem1(), grant, accessScopes, nonce, retiring, idTokenAlg, dpopJkt);
                });
    }

    private Uni<TokenResponse> mint(
            Account account,
            Grant grant,
            List<String> accessScopes,
            String nonce,
            TokenStore.Retiring retiring,
            JwsAlgorithm idTokenAlg,
            String dpopJkt) {
        long now = clock.instant().getEpochSecond();
        String accessToken = RedisKeys.newToken(grant.accountId());
        Grant accessGrant = grant.withScopes(
                        accessScopes, now, now + config.accessTokenTtl().toSeconds())
                .boundTo(dpopJkt);
        boolean offline = grant.scopes().contains(Scopes.OFFLINE_ACCESS);
        String refreshToken = offline ? RedisKeys.newToken(grant.accountId()) : null;
        // Idle lifetime from now, but never past the chain's absolute end.
        long refreshExpiry = Math.min(
                now + config.refreshTokenTtl().toSeconds(),
                grant.chainStart() + config.refreshChainMax().toSeconds());
        Grant refreshGrant = grant.withScopes(grant.scopes(), now, refreshExpiry);
        Uni<String> idToken = accessScopes.contains(Scopes.OPENID)
                ? claims.claims(
                                account,
                                grant.clientId(),
                                StandardClaims.released(
                                        accessScopes, grant.claims().idToken(), false))
                        .map(c -> idTokens.generate(
                                new IdTokenGenerator.IdTokenInput(
                                        grant.clientId(),
                                        accessToken,
                                        grant.authTime(),
                                        grant.amr(),
                                        grant.sid(),
                                        nonce,
                                        idTokenAlg),
                                c))
                : Uni.createFrom().nullItem();
        return idToken.chain(id -> tokens.mint(retiring, accessGrant, accessToken, refreshGrant, refreshToken)
                .call(minted -> switch (minted) {
                    case MINTED -> Uni.createFrom().voidItem();
                    case UNKNOWN ->
                        Uni.createFrom().failure(OAuthException.invalidGrant("The refresh token is not valid."));
                    // Another request rotated the same token first, or a retried one is no retry: reuse (RFC 9700
                    // §4.14.2).
                    case REUSED -> Uni.createFrom().failure(new TokenReuse.RetiredMeanwhile());
                    case REVOKED ->
                        Uni.createFrom().failure(OAuthException.invalidGrant("The grant has been revoked."));
                    case FULL ->
                        Uni.createFrom()
                                .failure(new OAuthException(
                                        429,
                                        "slow_down",
                                        "This grant already holds as many live tokens as allowed; use those issued.",
                                        null));
                })
                .call(() -> consents.touch(account.id(), grant.clientId(), clock.instant()))
                .replaceWith(new TokenResponse(
                        accessToken,
                        dpopJkt == null ? "Bearer" : "DPoP",
                        config.accessTokenTtl().toSeconds(),
                        String.join(" ", accessScopes),
                        refreshToken,
                        id)));
    }
}
