package dev.pressroom.auth.grant;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.TokenStore;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.auth.validate.Scopes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** RFC 6749 §6 with rotation on every use and reuse detection revoking the chain (RFC 9700 §4.14.2). */
@ApplicationScoped
public class RefreshTokenGrant implements GrantHandler<TokenRequest.RefreshToken> {

    private final TokenStore tokens;
    private final TokenIssuer issuer;
    private final Clock clock;

    public RefreshTokenGrant(TokenStore tokens, TokenIssuer issuer, Clock clock) {
        this.tokens = tokens;
        this.issuer = issuer;
        this.clock = clock;
    }

    @Override
    public Class<TokenRequest.RefreshToken> requestType() {
        return TokenRequest.RefreshToken.class;
    }

    @Override
    public Uni<TokenResponse> handle(Client client, TokenRequest.RefreshToken request) {
        List<String> narrowed = request.scope().map(RefreshTokenGrant::narrowedScopes).orElse(null);
        return checkScopeBeforeRotation(request.refreshToken(), narrowed)
                .chain(() -> tokens.rotate(request.refreshToken())).chain(outcome -> switch (outcome.status()) {
            case UNKNOWN -> Uni.createFrom().failure(OAuthException.invalidGrant("The refresh token is not valid."));
            case REUSED -> revoke(outcome.value(), "The refresh token was already used; the chain is revoked.");
            case FIRST_USE -> refresh(client, outcome.value(), narrowed);
        });
    }

    private Uni<TokenResponse> refresh(Client client, Grant grant, List<String> narrowed) {
        // A token presented by another client has leaked: revoke its chain as for reuse.
        if (!grant.clientId().equals(client.id())) {
            return revoke(grant, "The refresh token was issued to another client.");
        }
        if (clock.instant().getEpochSecond() >= grant.expiresAt()) {
            return revoke(grant, "The refresh token has expired.");
        }
        return issuer.issue(grant, narrowed == null ? grant.scopes() : narrowed, null);
    }

    /** RFC 6749 §6: a scope beyond the grant is refused before the token is rotated, so the client keeps it. */
    private Uni<Void> checkScopeBeforeRotation(String refreshToken, List<String> narrowed) {
        if (narrowed == null) {
            return Uni.createFrom().voidItem();
        }
        return tokens.findCurrentRefreshToken(refreshToken).invoke(grant -> {
            if (grant != null && !grant.scopes().containsAll(narrowed)) {
                throw OAuthException.invalidScope("scope exceeds the scope originally granted.");
            }
        }).replaceWithVoid();
    }

    private Uni<TokenResponse> revoke(Grant grant, String description) {
        return tokens.revokeGrant(grant.grantId())
                .chain(() -> Uni.createFrom().failure(OAuthException.invalidGrant(description)));
    }

    private static List<String> narrowedScopes(String scope) {
        Set<String> parsed = Scopes.parse(scope);
        if (parsed == null || parsed.isEmpty()) {
            throw OAuthException.invalidScope("scope is malformed.");
        }
        return new ArrayList<>(Scopes.ordered(parsed));
    }
}
