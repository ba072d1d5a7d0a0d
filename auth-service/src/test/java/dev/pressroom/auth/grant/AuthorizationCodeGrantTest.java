package dev.pressroom.auth.grant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.request.TokenRequest;
import dev.pressroom.auth.store.Outcome;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestGrants;
import dev.pressroom.auth.support.TestRegisteredClients;
import dev.pressroom.auth.token.TokenResponse;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The authorization code grant (RFC 6749 §4.1.3, RFC 7636 §4.6) over in-memory stores. */
class AuthorizationCodeGrantTest {

    private static final Origin ORIGIN = new Origin("192.0.2.7", "test");

    private final TestGrants grants = new TestGrants();
    private final Client app =
            TestRegisteredClients.client("app", "openid", "offline_access").build();
    private final TestGrants.Consented person = grants.consented("app", "openid", "offline_access");
    private final String verifier = Tokens.random(32);

    AuthorizationCodeGrantTest() {}

    @AfterEach
    void close() {
        grants.close();
    }

    private Uni<TokenResponse> exchange(Client client, String code, String redirectUri, String codeVerifier) {
        return exchangeWithProofOf(null, client, code, redirectUri, codeVerifier);
    }

    /** As the token endpoint calls it after a DPoP proof of the key of thumbprint {@code jkt} (null: no proof). */
    private Uni<TokenResponse> exchangeWithProofOf(
            String jkt, Client client, String code, String redirectUri, String codeVerifier) {
        return grants.authorizationCode.handle(
                client, new TokenRequest.AuthorizationCode(code, redirectUri, codeVerifier), ORIGIN, jkt);
    }

    private TokenResponse exchange(String code) {
        return exchange(app, code, TestClients.REDIRECT, verifier).await().indefinitely();
    }

    private static OAuthException refused(Uni<?> answer) {
        return catchThrowableOfType(OAuthException.class, () -> answer.await().indefinitely());
    }

    @Test
    void handleWhenBindingMatchesThenTokensRecordedAndIdTokenSignedForTheClient() throws Exception {
        String code = grants.code(app, person, verifier, "n-1", "openid", "offline_access");

        TokenResponse tokens = exchange(code);

        assertThat(tokens.scope()).isEqualTo("openid offline_access");
        assertThat(tokens.refreshToken()).isNotNull();
        assertThat(grants.tokens.findAccessToken(tokens.accessToken()).await().indefinitely())
                .isNotNull();
        SignedJWT idToken = SignedJWT.parse(tokens.idToken());
        assertThat(idToken.verify(new RSASSAVerifier((RSAPublicKey) grants.key.publicKey())))
                .isTrue();
        assertThat(idToken.getJWTClaimsSet().getAudience()).containsExactly("app");
        assertThat(idToken.getJWTClaimsSet().getSubject()).isEqualTo(person.accountId());
        assertThat(idToken.getJWTClaimsSet().getStringClaim("nonce")).isEqualTo("n-1");
        assertThat(grants.consents.lastUsed(UUID.fromString(person.accountId()), "app"))
                .isEqualTo(grants.clock.instant());
    }

    @Test
    void handleWhenWithoutOfflineAccessThenNoRefreshToken() {
        String code = grants.code(app, person, verifier, null, "openid");

        assertThat(exchange(code).refreshToken()).isNull();
    }

    @Test
    void handleWhenVerifierWrongThenInvalidGrantAndCodeStillGoodForTheRightVerifier() {
        String code = grants.code(app, person, verifier, null, "openid");

        OAuthException refused = refused(exchange(app, code, TestClients.REDIRECT, Tokens.random(32)));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("code_verifier");
        assertThat(grants.codes.isUsed(code)).isFalse();
        assertThat(exchange(code).accessToken()).isNotNull();
    }

    @Test
    void handleWhenVerifierMalformedThenInvalidGrantWithoutConsumingTheCode() {
        String code = grants.code(app, person, verifier, null, "openid");

        assertThat(refused(exchange(app, code, TestClients.REDIRECT, "short")).error())
                .isEqualTo("invalid_grant");
        assertThat(grants.codes.isUsed(code)).isFalse();
    }

    @Test
    void handleWhenAnotherClientThenInvalidGrantAndCodeStillGoodForItsClient() {
        String code = grants.code(app, person, verifier, null, "openid");

        OAuthException refused = refused(exchange(
                TestRegisteredClients.client("other", "openid").build(), code, TestClients.REDIRECT, verifier));

        assertThat(refused.description()).contains("another client");
        assertThat(grants.codes.isUsed(code)).isFalse();
        assertThat(exchange(code).accessToken()).isNotNull();
    }

    @Test
    void handleWhenCodeBoundToADpopKeyAndNoProofThenInvalidGrantAndCodeStillGoodForAProofOfIt() {
        String jkt = Tokens.sha256("the client's DPoP key");
        String code = grants.codeBoundTo(jkt, app, person, verifier, "openid");

        OAuthException refused = refused(exchange(app, code, TestClients.REDIRECT, verifier));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("send a DPoP proof");
        assertThat(grants.codes.isUsed(code)).isFalse();
        assertThat(exchangeWithProofOf(jkt, app, code, TestClients.REDIRECT, verifier)
                        .await()
                        .indefinitely()
                        .tokenType())
                .isEqualTo("DPoP");
    }

    @Test
    void handleWhenCodeBoundToADpopKeyAndProofOfAnotherThenInvalidGrantWithoutConsumingTheCode() {
        String code = grants.codeBoundTo(Tokens.sha256("the client's DPoP key"), app, person, verifier, "openid");

        OAuthException refused = refused(exchangeWithProofOf(
                Tokens.sha256("an attacker's DPoP key"), app, code, TestClients.REDIRECT, verifier));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("not made with the key");
        assertThat(grants.codes.isUsed(code)).isFalse();
    }

    @Test
    void handleWhenRedirectUriDiffersThenInvalidGrant() {
        String code = grants.code(app, person, verifier, null, "openid");

        OAuthException refused = refused(exchange(app, code, "http://127.0.0.1:9999/other", verifier));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("redirect_uri");
    }

    @Test
    void handleWhenCodeUnknownThenInvalidGrant() {
        assertThat(refused(exchange(app, "unknown", TestClients.REDIRECT, verifier))
                        .error())
                .isEqualTo("invalid_grant");
    }

    @Test
    void handleWhenCodeReplayedThenWhatItMintedIsRevokedAndTheReplayAudited() {
        String code = grants.code(app, person, verifier, null, "openid", "offline_access");
        TokenResponse first = exchange(code);

        OAuthException refused = refused(exchange(app, code, TestClients.REDIRECT, verifier));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("already used");
        assertThat(grants.tokens.findAccessToken(first.accessToken()).await().indefinitely())
                .isNull();
        assertThat(grants.tokens
                        .findRefreshToken(first.refreshToken())
                        .await()
                        .indefinitely()
                        .status())
                .isEqualTo(Outcome.Status.UNKNOWN);
        assertThat(grants.revocations("code_replay")).isEqualTo(1);
        assertThat(grants.audit.events())
                .extracting(
                        AuditEvent::type, AuditEvent::clientId, e -> e.origin().address())
                .containsExactly(tuple(AuditEventType.CODE_REPLAYED, "app", "192.0.2.7"));
    }

    @Test
    void handleWhenCodeFiveMinutesOldThenInvalidGrant() {
        String code = grants.code(app, person, verifier, null, "openid");
        grants.clock.advance(Duration.ofMinutes(5));

        OAuthException refused = refused(exchange(app, code, TestClients.REDIRECT, verifier));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("expired");
    }

    @Test
    void handleWhenConsentRemovedMeanwhileThenGrantRevokedAndInvalidGrant() {
        String code = grants.code(app, person, verifier, null, "openid", "offline_access");
        grants.consents
                .remove(UUID.fromString(person.accountId()), "app")
                .await()
                .indefinitely();

        OAuthException refused = refused(exchange(app, code, TestClients.REDIRECT, verifier));

        assertThat(refused.error()).isEqualTo("invalid_grant");
        assertThat(refused.description()).contains("removed this app's access");
        assertThat(grants.revocations("consent_removed")).isEqualTo(1);
    }
}
