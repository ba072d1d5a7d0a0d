package dev.pressroom.auth.grant;

import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.grant.Revocations.Reason;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.TokenStore;
import dev.pressroom.auth.store.TokenStore.Retiring;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.auth.validate.Scopes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * RFC 6749 §6 with rotation on every use and reuse detection revoking the chain (RFC 9700 §4.14.2). The presented
 * token is only read here; it is retired in the same atomic step that records its successors ({@link TokenIssuer}),
 * so a failure on the way (PostgreSQL, Redis, signing) leaves it current and the client's retry is no reuse. A failure
 * after that step (the reply lost between Redis and here, or between here and the client) is forgiven within the reuse
 * grace as long as the successor was never used ({@link TokenStore.Retiring}), as Okta's and Cognito's grace periods do.
 */
@ApplicationScoped
public class RefreshTokenGrant implements GrantHandler<TokenRequest.RefreshToken> {

    private final TokenStore tokens;
    private final Revocations revocations;
    private final TokenIssuer issuer;
    private final TokenReuse reuse;
    private final boolean retriesForgiven;
    private final Clock clock;

    public RefreshTokenGrant(
            TokenStore tokens,
            Revocations revocations,
            TokenIssuer issuer,
            TokenReuse reuse,
            AuthConfig config,
            Clock clock) {
        this.tokens = tokens;
        this.revocations = revocations;
        this.issuer = issuer;
        this.reuse = reuse;
        this.retriesForgiven = !config.refreshReuseGrace().isZero();
        this.clock = clock;
    }

    @Override
    public Class<TokenRequest.RefreshToken> requestType() {
        return TokenRequest.RefreshToken.class;
    }

    @Override
    public Uni<TokenResponse> handle(Client client, TokenRequest.RefreshToken request, Origin origin, String dpopJkt) {
        List<String> narrowed =
                request.scope().map(RefreshTokenGrant::narrowedScopes).orElse(null);
        return tokens.findRefreshToken(request.refreshToken()).chain(found -> switch (found.status()) {
            case UNKNOWN -> Uni.createFrom().failure(OAuthException.invalidGrant("The refresh token is not valid."));
            case REUSED ->
                retriesForgiven
                        ? refresh(
                                client,
                                Retiring.retried(request.refreshToken()),
                                found.value(),
                                narrowed,
                                origin,
                                dpopJkt)
                        : reuse.refreshToken(found.value(), client.id(), TokenReuse.Cause.RETIRED, origin);
            case FIRST_USE ->
                refresh(client, Retiring.current(request.refreshToken()), found.value(), narrowed, origin, dpopJkt);
        });
    }

    private Uni<TokenResponse> refresh(
            Client client, Retiring retiring, Grant grant, List<String> narrowed, Origin origin, String dpopJkt) {
        // A token presented by another client has leaked: revoke its chain as for reuse.
        if (!grant.clientId().equals(client.id())) {
            return reuse.refreshToken(grant, client.id(), TokenReuse.Cause.OTHER_CLIENT, origin);
        }
        if (clock.instant().getEpochSecond() >= grant.expiresAt()) {
            return revocations.revokeGrantAndRefuse(
                    grant.accountId(), grant.grantId(), Reason.EXPIRED, "The refresh token has expired.");
        }
        // RFC 6749 §6: a scope beyond the grant is refused and the token stays current.
        if (narrowed != null && !grant.scopes().containsAll(narrowed)) {
            return Uni.createFrom().failure(OAuthException.invalidScope("scope exceeds the scope originally granted."));
        }
        // RFC 9449 §5: a public client's refresh token is bound to the key of the proof it was issued with. Refused
        // and left current: its rightful holder still has the key, and whoever copied it could otherwise revoke it.
        if (grant.jkt() != null && !grant.jkt().equals(dpopJkt)) {
            return Uni.createFrom()
                    .failure(OAuthException.invalidGrant(
                            "The refresh token is bound to a DPoP key; send a proof made with that key."));
        }
        TokenReuse.Cause reused = retiring.retried() ? TokenReuse.Cause.RETIRED : TokenReuse.Cause.CONCURRENT;
        return issuer.issue(
                        grant,
                        narrowed == null ? grant.scopes() : narrowed,
                        null,
                        retiring,
                        client.idTokenSignedResponseAlg(),
                        dpopJkt)
                .invoke(() -> {
                    if (retiring.retried()) {
                        reuse.refreshTokenRetried(grant, origin);
                    }
                })
                .onFailure(TokenReuse.RetiredMeanwhile.class)
                .recoverWithUni(() -> reuse.refreshToken(grant, client.id(), reused, origin));
    }

    private static List<String> narrowedScopes(String scope) {
        Set<String> parsed = Scopes.parse(scope);
        if (parsed == null || parsed.isEmpty()) {
            throw OAuthException.invalidScope("scope is malformed.");
        }
        return new ArrayList<>(Scopes.ordered(parsed));
    }
}
