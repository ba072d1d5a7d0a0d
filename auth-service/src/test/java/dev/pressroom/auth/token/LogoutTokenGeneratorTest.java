package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.AsymmetricJWK;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestConfig;
import dev.pressroom.auth.support.TestHints;
import dev.pressroom.auth.support.TestKeys;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Logout tokens (Back-Channel Logout §2.4), each checked by Nimbus JOSE+JWT against the key's public JWK. */
class LogoutTokenGeneratorTest {

    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    private static LogoutTokenGenerator generator(SigningKey key) {
        return new LogoutTokenGenerator(
                new ClaimsSigner(
                        alg -> alg == key.alg() ? Optional.of(key) : Optional.empty(),
                        new ObjectMapper(),
                        TestSigners.jdk()),
                TestConfig.auth(Map.of("auth.backchannel.token-ttl", "PT2M")),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @ParameterizedTest
    @EnumSource(JwsAlgorithm.class)
    void generateWhenSubAndSidThenSignedWithTheClientsAlgorithmAsALogoutToken(JwsAlgorithm alg) throws Exception {
        SigningKey key = TestKeys.generate("2026-11-27-logout", alg);

        SignedJWT token = SignedJWT.parse(generator(key).generate("app", alg, "account-1", "sid-1"));

        JWK jwk = JWK.parse(key.publicJwk());
        assertThat(token.verify(new DefaultJWSVerifierFactory()
                        .createJWSVerifier(token.getHeader(), ((AsymmetricJWK) jwk).toPublicKey())))
                .isTrue();
        assertThat(token.getHeader().getType()).isEqualTo(new JOSEObjectType("logout+jwt"));
        assertThat(token.getHeader().getKeyID()).isEqualTo(key.kid());
        JWTClaimsSet claims = token.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo(TestHints.ISSUER);
        assertThat(claims.getAudience()).containsExactly("app");
        assertThat(claims.getSubject()).isEqualTo("account-1");
        assertThat(claims.getStringClaim("sid")).isEqualTo("sid-1");
        assertThat(claims.getIssueTime().toInstant()).isEqualTo(NOW);
        assertThat(claims.getExpirationTime().toInstant()).isEqualTo(NOW.plusSeconds(120));
        assertThat(claims.getJWTID()).isNotBlank();
        assertThat(claims.getJSONObjectClaim("events"))
                .containsOnlyKeys(LogoutTokenGenerator.EVENT)
                .containsEntry(LogoutTokenGenerator.EVENT, Map.of());
        assertThat(claims.getClaims()).doesNotContainKey("nonce");
    }

    @Test
    void generateWhenSidAloneThenNoSub() throws Exception {
        SigningKey key = TestKeys.generate("2026-11-27-logout");

        JWTClaimsSet claims = SignedJWT.parse(generator(key).generate("app", JwsAlgorithm.RS256, null, "sid-1"))
                .getJWTClaimsSet();

        assertThat(claims.getClaims()).doesNotContainKey("sub").containsEntry("sid", "sid-1");
    }

    @Test
    void generateWhenNeitherSubNorSidThenRefused() throws Exception {
        LogoutTokenGenerator generator = generator(TestKeys.generate("2026-11-27-logout"));

        assertThatThrownBy(() -> generator.generate("app", JwsAlgorithm.RS256, null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
