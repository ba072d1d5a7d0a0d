package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.store.Grant;
import dev.pressroom.auth.store.Outcome;
import dev.pressroom.auth.store.TokenStore;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * TokenStore in maps, with the Redis scripts' rules (store/LuaScripts): a refresh token is current, then retired
 * (still known, for reuse detection, with when and into what); a retried one within the grace replaces its unused
 * successor; a revoked grant loses its live tokens and refuses later mints; a grant holds at most
 * {@code liveTokensPerGrant} live tokens. Nothing expires: the tests that use it move no time through Redis.
 */
public final class InMemoryTokenStore implements TokenStore {

    /** retiredAt, successor and successorAccess are set once the token is retired by a rotation. */
    private record Refresh(Grant grant, boolean retired, Instant retiredAt, String successor, String successorAccess) {

        Refresh rotatedInto(Instant at, String refreshToken, String accessToken) {
            return new Refresh(grant, true, retiredAt == null ? at : retiredAt, refreshToken, accessToken);
        }
    }

    private final int liveTokensPerGrant;
    private final Duration reuseGrace;
    private final Clock clock;
    private final Map<String, Grant> accessTokens = new HashMap<>();
    private final Map<String, Refresh> refreshTokens = new HashMap<>();
    private final Set<String> revokedGrants = new HashSet<>();

    public InMemoryTokenStore(int liveTokensPerGrant, Duration reuseGrace, Clock clock) {
        this.liveTokensPerGrant = liveTokensPerGrant;
        this.reuseGrace = reuseGrace;
        this.clock = clock;
    }

    @Override
    public synchronized Uni<Minted> mint(
            Retiring retiring, Grant accessGrant, String accessToken, Grant refreshGrant, String refreshToken) {
        Refresh presented = retiring == null ? null : refreshTokens.get(retiring.token());
        if (retiring != null) {
            if (presented == null) {
                return Uni.createFrom().item(Minted.UNKNOWN);
            }
            if (presented.retired() && !(retiring.retried() && retryable(presented))) {
                return Uni.createFrom().item(Minted.REUSED);
            }
        }
        String grantId = accessGrant.grantId();
        if (revokedGrants.contains(grantId)) {
            return Uni.createFrom().item(Minted.REVOKED);
        }
        if (liveTokens(grantId) >= liveTokensPerGrant) {
            return Uni.createFrom().item(Minted.FULL);
        }
        if (presented != null) {
            if (presented.retired()) {
                Refresh successor = refreshTokens.get(presented.successor());
                refreshTokens.put(presented.successor(), new Refresh(successor.grant(), true, null, null, null));
                accessTokens.remove(presented.successorAccess());
            }
            refreshTokens.put(retiring.token(), presented.rotatedInto(clock.instant(), refreshToken, accessToken));
        }
        accessTokens.put(accessToken, accessGrant);
        if (refreshToken != null) {
            refreshTokens.put(refreshToken, new Refresh(refreshGrant, false, null, null, null));
        }
        return Uni.createFrom().item(Minted.MINTED);
    }

    /** Retired within the grace, and its successor still current. */
    private boolean retryable(Refresh retired) {
        Refresh successor = retired.successor() == null ? null : refreshTokens.get(retired.successor());
        return retired.retiredAt() != null
                && !clock.instant().isAfter(retired.retiredAt().plus(reuseGrace))
                && successor != null
                && !successor.retired();
    }

    @Override
    public synchronized Uni<Grant> findAccessToken(String accessToken) {
        return Uni.createFrom().item(accessTokens.get(accessToken));
    }

    @Override
    public synchronized Uni<Outcome<Grant>> findRefreshToken(String refreshToken) {
        Refresh found = refreshTokens.get(refreshToken);
        return Uni.createFrom()
                .item(
                        found == null
                                ? Outcome.unknown()
                                : new Outcome<>(
                                        found.retired() ? Outcome.Status.REUSED : Outcome.Status.FIRST_USE,
                                        found.grant()));
    }

    @Override
    public synchronized Uni<Void> revokeGrant(String accountId, String grantId) {
        revokedGrants.add(grantId);
        accessTokens.values().removeIf(g -> g.grantId().equals(grantId));
        refreshTokens.values().removeIf(r -> !r.retired() && r.grant().grantId().equals(grantId));
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<Void> revokeAccessToken(String accessToken) {
        accessTokens.remove(accessToken);
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<Void> revokeApp(String accountId, String clientId) {
        Set<String> grants = new HashSet<>();
        accessTokens.values().stream()
                .filter(g -> g.accountId().equals(accountId) && g.clientId().equals(clientId))
                .forEach(g -> grants.add(g.grantId()));
        refreshTokens.values().stream()
                .map(Refresh::grant)
                .filter(g -> g.accountId().equals(accountId) && g.clientId().equals(clientId))
                .forEach(g -> grants.add(g.grantId()));
        grants.forEach(grantId -> revokeGrant(accountId, grantId));
        return Uni.createFrom().voidItem();
    }

    public synchronized boolean isRevoked(String grantId) {
        return revokedGrants.contains(grantId);
    }

    /** Live (unrevoked) access tokens and current refresh tokens of the grant. */
    public synchronized int liveTokens(String grantId) {
        return (int) (accessTokens.values().stream()
                        .filter(g -> g.grantId().equals(grantId))
                        .count()
                + refreshTokens.values().stream()
                        .filter(r -> !r.retired() && r.grant().grantId().equals(grantId))
                        .count());
    }
}
