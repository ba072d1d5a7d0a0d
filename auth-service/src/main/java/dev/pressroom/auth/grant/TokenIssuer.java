package dev.pressroom.auth.grant;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ClaimsService;
import dev.pressroom.auth.account.ConsentRepository;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.TokenStore;
import dev.pressroom.auth.token.IdTokenGenerator;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.auth.validate.Scopes;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;

/**
 * Mints the tokens of a grant: an opaque access token (256 random bits), a refresh token when offline_access
 * was granted, and an ID token when openid is in scope. Tokens are recorded before they are returned; if the
 * grant was revoked meanwhile (a replayed code), nothing is returned.
 */
@ApplicationScoped
public class TokenIssuer {

    private final TokenStore tokens;
    private final AccountService accounts;
    private final ClaimsService claims;
    private final ConsentRepository consents;
    private final IdTokenGenerator idTokens;
    private final AuthConfig config;
    private final Clock clock;

    public TokenIssuer(TokenStore tokens, AccountService accounts, ClaimsService claims, ConsentRepository consents,
                       IdTokenGenerator idTokens, AuthConfig config, Clock clock) {
        this.tokens = tokens;
        this.accounts = accounts;
        this.claims = claims;
        this.consents = consents;
        this.idTokens = idTokens;
        this.config = config;
        this.clock = clock;
    }

    /**
     * @param grant        the whole grant (refresh tokens keep its scopes, RFC 6749 §6)
     * @param accessScopes the scopes of this access token (narrower on a refresh with scope)
     * @param nonce        the authorization request's nonce, null on refresh
     */
    public Uni<TokenResponse> issue(Grant grant, List<String> accessScopes, String nonce) {
        return accounts.find(UUID.fromString(grant.accountId()))
                .onItem().ifNull().failWith(() -> OAuthException.invalidGrant("The account no longer exists."))
                .chain(account -> mint(account, grant, accessScopes, nonce));
    }

    private Uni<TokenResponse> mint(Account account, Grant grant, List<String> accessScopes, String nonce) {
        long now = clock.instant().getEpochSecond();
        String accessToken = Tokens.random(32);
        Grant accessGrant = grant.withScopes(accessScopes, now, now + config.accessTokenTtl().getSeconds());
        boolean offline = grant.scopes().contains(Scopes.OFFLINE_ACCESS);
        String refreshToken = offline ? Tokens.random(32) : null;
        Grant refreshGrant = grant.withScopes(grant.scopes(), now, now + config.refreshTokenTtl().getSeconds());
        Uni<String> idToken = accessScopes.contains(Scopes.OPENID)
                ? claims.claims(account, grant.clientId(), new LinkedHashSet<>(accessScopes), false)
                .map(c -> idTokens.generate(new IdTokenGenerator.IdTokenInput(grant.clientId(), accessToken,
                        grant.authTime(), grant.amr(), grant.sid(), nonce), c))
                : Uni.createFrom().nullItem();
        return idToken.chain(id -> tokens.mint(accessGrant, accessToken, refreshGrant, refreshToken)
                .invoke(recorded -> {
                    if (!recorded) {
                        throw OAuthException.invalidGrant("The grant has been revoked.");
                    }
                })
                .call(() -> consents.touch(account.id(), grant.clientId(), clock.instant()))
                .replaceWith(new TokenResponse(accessToken, "Bearer", config.accessTokenTtl().getSeconds(),
                        String.join(" ", accessScopes), refreshToken, id)));
    }
}
