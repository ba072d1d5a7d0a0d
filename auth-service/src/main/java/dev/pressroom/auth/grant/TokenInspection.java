package dev.pressroom.auth.grant;

import dev.pressroom.auth.account.AccountRepository;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ClaimsService;
import dev.pressroom.auth.account.StandardClaims;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.dpop.DpopProofs;
import dev.pressroom.auth.dpop.Presentation;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.grant.Revocations.Reason;
import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.Outcome;
import dev.pressroom.auth.store.TokenStore;
import dev.pressroom.auth.validate.Scopes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** User info (OIDC Core §5.3), revocation (RFC 7009) and introspection (RFC 7662) of opaque tokens. */
@ApplicationScoped
public class TokenInspection {

    private static final Map<String, Object> INACTIVE = Map.of("active", false);

    private final TokenStore tokens;
    private final Revocations revocations;
    private final AccountService accounts;
    private final ClaimsService claims;
    private final AccountRepository accountRoles;
    private final AuthConfig config;
    private final Clock clock;
    private final DpopProofs dpop;

    public TokenInspection(
            TokenStore tokens,
            Revocations revocations,
            AccountService accounts,
            ClaimsService claims,
            AccountRepository accountRoles,
            AuthConfig config,
            Clock clock,
            DpopProofs dpop) {
        this.accountRoles = accountRoles;
        this.tokens = tokens;
        this.revocations = revocations;
        this.accounts = accounts;
        this.claims = claims;
        this.config = config;
        this.clock = clock;
        this.dpop = dpop;
    }

    /** RFC 9449 §7: a DPoP-bound token needs the DPoP scheme and a proof of its key. */
    public Uni<Map<String, Object>> userInfo(String accessToken, Presentation presented) {
        return activeAccessToken(accessToken)
                .onItem()
                .ifNull()
                .failWith(() -> OAuthException.invalidToken("The access token is not valid."))
                .call(grant -> dpop.resourceRequest(grant.jkt(), accessToken, presented, "/oauth/userinfo"))
                .chain(grant -> {
                    if (!grant.scopes().contains(Scopes.OPENID)) {
                        throw new OAuthException(
                                403,
                                "insufficient_scope",
                                "user info needs the openid scope.",
                                "Bearer error=\"insufficient_scope\", scope=\"openid\"");
                    }
                    return accounts.find(UUID.fromString(grant.accountId()))
                            .onItem()
                            .ifNull()
                            .failWith(() -> OAuthException.invalidToken("The account no longer exists."))
                            .chain(account -> claims.claims(
                                    account,
                                    grant.clientId(),
                                    StandardClaims.released(
                                            grant.scopes(), grant.claims().userInfo(), true)));
                });
    }

    /**
     * RFC 7009 §2.1: revokes an access token, or a refresh token and with it the whole chain. Tokens that
     * are unknown or belong to another client are left alone and answered like success (§2.2).
     */
    public Uni<Void> revoke(Client client, String token, String hint) {
        Uni<Boolean> first = "refresh_token".equals(hint) ? revokeRefresh(client, token) : revokeAccess(client, token);
        return first.chain(done -> done
                        ? Uni.createFrom().item(true)
                        : "refresh_token".equals(hint) ? revokeAccess(client, token) : revokeRefresh(client, token))
                .replaceWithVoid();
    }

    /** RFC 7662 §2.2: active only for a live token issued to the calling client. */
    public Uni<Map<String, Object>> introspect(Client client, String token, String hint) {
        Uni<Map<String, Object>> access = activeAccessToken(token)
                .map(g -> g == null || !g.clientId().equals(client.id()) ? null : describe(g, "access_token"));
        Uni<Map<String, Object>> refresh = tokens.findRefreshToken(token)
                .map(o -> o.status() != Outcome.Status.FIRST_USE
                                || !o.value().clientId().equals(client.id())
                                || expired(o.value())
                        ? null
                        : describe(o.value(), "refresh_token"));
        Uni<Map<String, Object>> firstTry = "refresh_token".equals(hint) ? refresh : access;
        Uni<Map<String, Object>> secondTry = "refresh_token".equals(hint) ? access : refresh;
        return firstTry.chain(found -> found != null ? Uni.createFrom().item(found) : secondTry)
                .chain(found -> found == null ? Uni.createFrom().item(INACTIVE) : withRoles(found));
    }

    /** Resource servers authorize on roles: a token granted the roles scope carries them in introspection too. */
    private Uni<Map<String, Object>> withRoles(Map<String, Object> active) {
        String scope = (String) active.get("scope");
        if (!Arrays.asList(scope.split(" ")).contains(Scopes.ROLES)) {
            return Uni.createFrom().item(active);
        }
        return accountRoles
                .roles(UUID.fromString((String) active.get("sub")), (String) active.get("client_id"))
                .map(roles -> {
                    active.put("roles", roles);
                    return active;
                });
    }

    private Uni<Grant> activeAccessToken(String token) {
        return tokens.findAccessToken(token).map(g -> g == null || expired(g) ? null : g);
    }

    private boolean expired(Grant grant) {
        return clock.instant().getEpochSecond() >= grant.expiresAt();
    }

    private Uni<Boolean> revokeAccess(Client client, String token) {
        return tokens.findAccessToken(token)
                .chain(g -> g == null || !g.clientId().equals(client.id())
                        ? Uni.createFrom().item(false)
                        : revocations
                                .revokeAccessToken(token, Reason.REVOCATION_ENDPOINT)
                                .replaceWith(true));
    }

    private Uni<Boolean> revokeRefresh(Client client, String token) {
        return tokens.findRefreshToken(token)
                .chain(o -> o.status() == Outcome.Status.UNKNOWN
                                || !o.value().clientId().equals(client.id())
                        ? Uni.createFrom().item(false)
                        : revocations
                                .revokeGrant(o.value().accountId(), o.value().grantId(), Reason.REVOCATION_ENDPOINT)
                                .replaceWith(true));
    }

    private Map<String, Object> describe(Grant grant, String type) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("active", true);
        body.put("scope", String.join(" ", grant.scopes()));
        body.put("client_id", grant.clientId());
        body.put("sub", grant.accountId());
        body.put("aud", grant.clientId());
        body.put("iss", config.issuer());
        String accessTokenType = grant.jkt() == null ? "Bearer" : "DPoP";
        body.put("token_type", "access_token".equals(type) ? accessTokenType : "refresh_token");
        body.put("iat", grant.issuedAt());
        body.put("exp", grant.expiresAt());
        body.put("auth_time", grant.authTime());
        // RFC 9449 §6.2: the key a DPoP-bound token is bound to, for the resource server to check the proof against.
        if (grant.jkt() != null) {
            body.put("cnf", Map.of("jkt", grant.jkt()));
        }
        return body;
    }
}
