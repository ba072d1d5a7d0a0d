package dev.pressroom.auth.grant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.passkey.Passkey;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.store.Outcome;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestGrants;
import dev.pressroom.auth.support.TestRegisteredClients;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The refresh token grant (RFC 6749 §6) with rotation and reuse detection (RFC 9700 §4.14.2), in-memory stores. */
class RefreshTokenGrantTest {

    private static final Origin ORIGIN = new Origin("192.0.2.8", "test");

    private final Chain chain = new Chain(new TestGrants());
    private final TestGrants grants = chain.grants;
    private final Client app = chain.app;
    private final TokenResponse issued = chain.issued;

    RefreshTokenGrantTest() {}

    /** A person's code exchanged for tokens (openid profile offline_access), the chain the tests refresh. */
    private static final class Chain {
        final TestGrants grants;
        final Client app = TestRegisteredClients.client("app", "openid", "profile", "offline_access")
                .build();
        final TokenResponse issued;

        Chain(TestGrants grants) {
            this.grants = grants;
            TestGrants.Consented person = grants.consented("app", "openid", "profile", "offline_access");
            String verifier = Tokens.random(32);
            String code = grants.code(app, person, verifier, "n-1", "openid", "profile", "offline_access");
            this.issued = grants.authorizationCode
                    .handle(app, new TokenRequest.AuthorizationCode(code, TestClients.REDIRECT, verifier), ORIGIN, null)
                    .await()
                    .indefinitely();
        }

        Uni<TokenResponse> refresh(Client client, String refreshToken, String scope) {
            return grants.refreshToken.handle(
                    client, new TokenRequest.RefreshToken(refreshToken, Optional.ofNullable(scope)), ORIGIN, null);
        }

        Outcome.Status state(String refreshToken) {
            return grants.tokens
                    .findRefreshToken(refreshToken)
                    .await()
                    .indefinitely()
                    .status();
        }
    }

    @Test
    void refreshWhenPasskeyOfItsSignInRemovedThenInvalidGrantAndChainRevoked() {
        TestGrants.Consented person = grants.consented("app", "openid", "offline_access");
        UUID accountId = UUID.fromString(person.accountId());
        UUID passkeyId = UUID.randomUUID();
        grants.passkeys
                .insert(new Passkey(
                        passkeyId,
                        accountId,
                        new byte[16],
                        new byte[0],
                        0,
                        "Phone",
                        "",
                        true,
                        true,
                        Instant.EPOCH,
                        null))
                .await()
                .indefinitely();
        String verifier = Tokens.random(32);
        String code = grants.code(app, person, passkeyId, verifier, "n-2", "openid", "offline_access");
        TokenResponse tokens = grants.authorizationCode
                .handle(app, new TokenRequest.AuthorizationCode(code, TestClients.REDIRECT, verifier), ORIGIN, null)
                .await()
                .indefinitely();
        String renewed = refresh(tokens.refreshToken()).refreshToken();

        grants.passkeys.remove(accountId, passkeyId).await().indefinitely();
        OAuthException refused = catchThrowableOfType(OAuthException.class, () -> refresh(renewed));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(chain.state(renewed)).isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.revocations("passkey_removed")).isEqualTo(1.0);
        assertThat(refresh(issued.refreshToken()).accessToken())
                .as("a chain signed in with a password goes on")
                .isNotBlank();
    }

    @AfterEach
    void close() {
        grants.close();
    }

    @Test
    void refreshWhenPublicClientsTokenIsBoundThenOtherKeyOrNoProofInvalidGrantAndTokenStaysCurrent() {
        Client nativeApp = TestRegisteredClients.client("native", "openid", "offline_access")
                .publicClient()
                .build();
        TestGrants.Consented person = grants.consented("native", "openid", "offline_access");
        String verifier = Tokens.random(32);
        String code = grants.code(nativeApp, person, verifier, "n-3", "openid", "offline_access");
        TokenResponse bound = grants.authorizationCode
                .handle(
                        nativeApp,
                        new TokenRequest.AuthorizationCode(code, TestClients.REDIRECT, verifier),
                        ORIGIN,
                        "key-1")
                .await()
                .indefinitely();
        assertThat(bound.tokenType()).isEqualTo("DPoP");

        for (String otherKey : new String[] {"key-2", null}) {
            assertThat(refused(refreshWithProof(nativeApp, bound.refreshToken(), otherKey))
                            .error())
                    .isEqualTo("invalid_grant");
        }
        assertThat(state(bound.refreshToken())).isEqualTo(Outcome.Status.FIRST_USE);

        TokenResponse rotated = refreshWithProof(nativeApp, bound.refreshToken(), "key-1")
                .await()
                .indefinitely();
        assertThat(rotated.tokenType()).isEqualTo("DPoP");
        assertThat(refused(refreshWithProof(nativeApp, rotated.refreshToken(), "key-2"))
                        .error())
                .as("the successor is bound to the same key")
                .isEqualTo("invalid_grant");
    }

    @Test
    void refreshWhenConfidentialClientThenEachRefreshBindsTheAccessTokenToItsOwnProofOrNone() {
        TokenResponse bound =
                refreshWithProof(app, issued.refreshToken(), "key-2").await().indefinitely();
        TokenResponse bearer =
                refreshWithProof(app, bound.refreshToken(), null).await().indefinitely();

        assertThat(bound.tokenType()).isEqualTo("DPoP");
        assertThat(grants.tokens
                        .findAccessToken(bound.accessToken())
                        .await()
                        .indefinitely()
                        .jkt())
                .isEqualTo("key-2");
        assertThat(bearer.tokenType()).isEqualTo("Bearer");
        assertThat(grants.tokens
                        .findAccessToken(bearer.accessToken())
                        .await()
                        .indefinitely()
                        .jkt())
                .isNull();
    }

    private Uni<TokenResponse> refreshWithProof(Client client, String refreshToken, String dpopJkt) {
        return grants.refreshToken.handle(
                client, new TokenRequest.RefreshToken(refreshToken, Optional.empty()), ORIGIN, dpopJkt);
    }

    private Uni<TokenResponse> refresh(Client client, String refreshToken, String scope) {
        return chain.refresh(client, refreshToken, scope);
    }

    private TokenResponse refresh(String refreshToken) {
        return refresh(app, refreshToken, null).await().indefinitely();
    }

    private Outcome.Status state(String refreshToken) {
        return chain.state(refreshToken);
    }

    private static OAuthException refused(Uni<?> answer) {
        return catchThrowableOfType(OAuthException.class, () -> answer.await().indefinitely());
    }

    @Test
    void handleWhenCurrentTokenThenRotatedAndNewIdTokenWithoutNonceInTheSameSession() throws Exception {
        grants.clock.advance(Duration.ofMinutes(10));

        TokenResponse rotated = refresh(issued.refreshToken());

        assertThat(rotated.refreshToken()).isNotEqualTo(issued.refreshToken());
        assertThat(state(issued.refreshToken())).isEqualTo(Outcome.Status.REUSED);
        assertThat(state(rotated.refreshToken())).isEqualTo(Outcome.Status.FIRST_USE);
        JWTClaimsSet before = SignedJWT.parse(issued.idToken()).getJWTClaimsSet();
        JWTClaimsSet after = SignedJWT.parse(rotated.idToken()).getJWTClaimsSet();
        assertThat(after.getClaim("nonce")).as("OIDC Core §12.2").isNull();
        assertThat(after.getClaim("sid")).isEqualTo(before.getClaim("sid"));
        assertThat(after.getClaim("auth_time")).isEqualTo(before.getClaim("auth_time"));
        assertThat(after.getIssueTime()).isAfter(before.getIssueTime());
    }

    @Test
    void handleWhenRetiredTokenPresentedAgainAfterItsSuccessorWasUsedThenChainRevokedAndReuseAudited() {
        TokenResponse rotated = refresh(refresh(issued.refreshToken()).refreshToken());

        OAuthException refused = refused(refresh(app, issued.refreshToken(), null));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(state(rotated.refreshToken()))
                .as("the chain's current token")
                .isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.tokens.findAccessToken(rotated.accessToken()).await().indefinitely())
                .isNull();
        assertThat(grants.revocations("reuse")).isEqualTo(1);
        assertThat(grants.audit.events()).singleElement().satisfies(event -> {
            assertThat(event.type()).isEqualTo(AuditEventType.REFRESH_TOKEN_REUSED);
            assertThat(event.details()).containsEntry("cause", "retired_token").containsEntry("presented_by", "app");
        });
    }

    @Test
    void handleWhenRetiredTokenRetriedWithinTheGraceAndSuccessorUnusedThenSuccessorReplaced() {
        TokenResponse lost = refresh(issued.refreshToken());
        grants.clock.advance(grants.config.refreshReuseGrace());

        TokenResponse retried = refresh(issued.refreshToken());

        assertThat(retried.refreshToken()).isNotIn(issued.refreshToken(), lost.refreshToken());
        assertThat(state(retried.refreshToken())).isEqualTo(Outcome.Status.FIRST_USE);
        assertThat(state(lost.refreshToken()))
                .as("the successor whose reply was lost is retired, so a later use of it is reuse")
                .isEqualTo(Outcome.Status.REUSED);
        assertThat(grants.tokens.findAccessToken(lost.accessToken()).await().indefinitely())
                .as("the lost reply's access token")
                .isNull();
        assertThat(grants.tokens.findAccessToken(retried.accessToken()).await().indefinitely())
                .isNotNull();
        assertThat(grants.revocations("reuse")).isZero();
        assertThat(grants.audit.events())
                .singleElement()
                .satisfies(event -> assertThat(event.type()).isEqualTo(AuditEventType.REFRESH_TOKEN_RETRIED));
    }

    @Test
    void handleWhenReplacedSuccessorComesBackThenChainRevoked() {
        TokenResponse lost = refresh(issued.refreshToken());
        TokenResponse retried = refresh(issued.refreshToken());

        OAuthException refused = refused(refresh(app, lost.refreshToken(), null));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(state(retried.refreshToken())).isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.revocations("reuse")).isEqualTo(1);
    }

    @Test
    void handleWhenRetriedTwiceWithinTheGraceThenEachRetryReplacesTheLastSuccessor() {
        refresh(issued.refreshToken());
        refresh(issued.refreshToken());

        TokenResponse third = refresh(issued.refreshToken());

        assertThat(refresh(third.refreshToken()).refreshToken()).isNotNull();
        assertThat(grants.revocations("reuse")).isZero();
    }

    @Test
    void handleWhenRetiredTokenRetriedAfterTheGraceThenChainRevoked() {
        TokenResponse lost = refresh(issued.refreshToken());
        grants.clock.advance(grants.config.refreshReuseGrace().plusSeconds(1));

        assertThat(refused(refresh(app, issued.refreshToken(), null)).error()).isEqualTo("invalid_grant");
        assertThat(state(lost.refreshToken())).isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.audit.events())
                .extracting(AuditEvent::details)
                .containsExactly(Map.of("cause", "retired_token", "presented_by", "app"));
    }

    @Test
    void handleWhenGraceIsZeroThenTheFirstRepresentationRevokesTheChain() throws Exception {
        try (TestGrants strict = new TestGrants(Map.of("auth.refresh-reuse-grace", "PT0S"))) {
            Chain chain = new Chain(strict);
            TokenResponse lost = chain.refresh(chain.app, chain.issued.refreshToken(), null)
                    .await()
                    .indefinitely();

            assertThat(refused(chain.refresh(chain.app, chain.issued.refreshToken(), null))
                            .error())
                    .isEqualTo("invalid_grant");
            assertThat(chain.state(lost.refreshToken())).isEqualTo(Outcome.Status.UNKNOWN);
        }
    }

    @Test
    void handleWhenAnotherClientRetriesARetiredTokenWithinTheGraceThenChainRevokedAsLeaked() {
        TokenResponse lost = refresh(issued.refreshToken());

        OAuthException refused = refused(refresh(
                TestRegisteredClients.client("other", "openid", "offline_access")
                        .build(),
                issued.refreshToken(),
                null));

        assertThat(refused.description()).contains("another client");
        assertThat(state(lost.refreshToken())).isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.revocations("wrong_client")).isEqualTo(1);
    }

    @Test
    void handleWhenPresentedByAnotherClientThenChainRevokedAsLeaked() {
        OAuthException refused = refused(refresh(
                TestRegisteredClients.client("other", "openid", "offline_access")
                        .build(),
                issued.refreshToken(),
                null));

        assertThat(refused.description()).contains("another client");
        assertThat(state(issued.refreshToken())).isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.revocations("wrong_client")).isEqualTo(1);
        assertThat(grants.audit.events())
                .extracting(AuditEvent::details)
                .containsExactly(Map.of("cause", "other_client", "presented_by", "other"));
    }

    @Test
    void handleWhenExpiredThenChainRevokedAndInvalidGrant() {
        grants.clock.advance(grants.config.refreshTokenTtl());

        OAuthException refused = refused(refresh(app, issued.refreshToken(), null));

        assertThat(refused.description()).contains("expired");
        assertThat(grants.revocations("expired")).isEqualTo(1);
        assertThat(grants.tokens.findAccessToken(issued.accessToken()).await().indefinitely())
                .isNull();
    }

    @Test
    void handleWhenRefreshedEveryDayThenChainEndsAtItsAbsoluteLifetime() {
        String current = issued.refreshToken();
        long days = grants.config.refreshChainMax().toDays();
        for (int day = 1; day < days; day++) {
            grants.clock.advance(Duration.ofDays(1));
            current = refresh(current).refreshToken();
        }
        grants.clock.advance(Duration.ofDays(1));

        assertThat(refused(refresh(app, current, null)).description()).contains("expired");
    }

    @Test
    void handleWhenNarrowerScopeThenAccessTokenNarrowedAndRefreshTokenKeepsTheGrant() {
        TokenResponse narrowed =
                refresh(app, issued.refreshToken(), "openid").await().indefinitely();

        assertThat(narrowed.scope()).isEqualTo("openid");
        assertThat(refresh(app, narrowed.refreshToken(), "openid profile offline_access")
                        .await()
                        .indefinitely()
                        .scope())
                .isEqualTo("openid profile offline_access");
    }

    @Test
    void handleWhenScopeBeyondTheGrantThenInvalidScopeAndTokenStillCurrent() {
        OAuthException refused = refused(refresh(app, issued.refreshToken(), "openid email"));

        assertThat(refused.error()).isEqualTo("invalid_scope");
        assertThat(state(issued.refreshToken())).isEqualTo(Outcome.Status.FIRST_USE);
    }

    @Test
    void handleWhenUnknownTokenThenInvalidGrant() {
        assertThat(refused(refresh(app, "unknown", null)).error()).isEqualTo("invalid_grant");
        assertThat(grants.audit.events()).isEmpty();
    }

    @Test
    void handleWhenGrantHoldsItsMostLiveTokensThenSlowDownAndTokenKept() throws Exception {
        try (TestGrants full = new TestGrants(Map.of("auth.limits.live-tokens-per-grant", "3"))) {
            Chain small = new Chain(full);
            String second = small.refresh(small.app, small.issued.refreshToken(), null)
                    .await()
                    .indefinitely()
                    .refreshToken();

            OAuthException refused = refused(small.refresh(small.app, second, null));

            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.error()).isEqualTo("slow_down");
            assertThat(small.state(second)).isEqualTo(Outcome.Status.FIRST_USE);
        }
    }
}
