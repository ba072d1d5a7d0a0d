package dev.pressroom.auth.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.jose.PublicJwk;
import dev.pressroom.auth.support.TestAssertions;
import dev.pressroom.auth.validate.JwkSets;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AssertionRulesTest {

    private static final String ISSUER = "https://auth.example.org";
    private static final String CLIENT = "instance-1";
    private static final TestAssertions KEYS = TestAssertions.generate("k");
    private static final List<PublicJwk> CLIENT_KEYS =
            JwkSets.parse(KEYS.jwksJson()).keys();

    private final AssertionRules rules = new AssertionRules(ISSUER);
    private final Instant now = Instant.now();

    private AssertionRules.Verified verify(String assertion) {
        return rules.verify(assertion, CLIENT, CLIENT_KEYS, now);
    }

    private static JWTClaimsSet.Builder claims() {
        return TestAssertions.claims(CLIENT, ISSUER, Instant.now());
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "PS256", "ES256"})
    void verifyWhenSignedWithARegisteredKeyThenAnswersJtiAndExpiry(String alg) {
        JWSAlgorithm algorithm = JWSAlgorithm.parse(alg);
        String kid = alg.startsWith("ES") ? KEYS.ecKid() : KEYS.rsaKid();
        JWTClaimsSet.Builder claims = claims().jwtID("jti-" + alg);

        AssertionRules.Verified verified = verify(KEYS.sign(algorithm, kid, claims));

        assertThat(verified.jti()).isEqualTo("jti-" + alg);
        assertThat(verified.expiresAt()).isAfter(now);
    }

    @Test
    void verifyWhenAudIsTheIssuerAloneInAnArrayThenAccepted() {
        assertThat(verify(KEYS.sign(JWSAlgorithm.RS256, KEYS.rsaKid(), claims().audience(List.of(ISSUER)))))
                .isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://auth.example.org/oauth/token", "https://other.example.org", ""})
    void verifyWhenAudIsNotTheIssuerThenInvalidClient(String audience) {
        assertRefused(KEYS.rs256(CLIENT, audience), "aud must be the issuer");
    }

    @Test
    void verifyWhenAudAddsAnotherAudienceThenInvalidClient() {
        assertRefused(
                KEYS.sign(
                        JWSAlgorithm.RS256, KEYS.rsaKid(), claims().audience(List.of(ISSUER, ISSUER + "/oauth/token"))),
                "aud must be the issuer");
    }

    @Test
    void verifyWhenIssOrSubIsAnotherClientThenInvalidClient() {
        assertRefused(KEYS.rs256(CLIENT, ISSUER, c -> c.issuer("instance-2")), "iss and sub");
        assertRefused(KEYS.rs256(CLIENT, ISSUER, c -> c.subject("instance-2")), "iss and sub");
    }

    @Test
    void verifyWhenExpiredThenInvalidClient() {
        assertRefused(
                KEYS.rs256(
                        CLIENT,
                        ISSUER,
                        c -> c.issueTime(Date.from(now.minusSeconds(300)))
                                .expirationTime(Date.from(now.minusSeconds(60)))),
                "expired");
    }

    @Test
    void verifyWhenNoExpThenInvalidClient() {
        assertRefused(KEYS.rs256(CLIENT, ISSUER, c -> c.expirationTime(null)), "must have an exp");
    }

    @Test
    void verifyWhenLivesLongerThanFiveMinutesThenInvalidClient() {
        assertRefused(
                KEYS.rs256(CLIENT, ISSUER, c -> c.expirationTime(Date.from(now.plusSeconds(3600)))),
                "lives longer than 5 minutes");
        assertRefused(
                KEYS.rs256(
                        CLIENT,
                        ISSUER,
                        c -> c.issueTime(Date.from(now.minusSeconds(600)))
                                .expirationTime(Date.from(now.plusSeconds(60)))),
                "lives longer than 5 minutes");
    }

    @Test
    void verifyWhenIssuedOrValidOnlyInTheFutureThenInvalidClient() {
        assertRefused(
                KEYS.rs256(
                        CLIENT,
                        ISSUER,
                        c -> c.issueTime(Date.from(now.plusSeconds(120)))
                                .expirationTime(Date.from(now.plusSeconds(180)))),
                "not valid yet");
        assertRefused(
                KEYS.rs256(CLIENT, ISSUER, c -> c.notBeforeTime(Date.from(now.plusSeconds(120)))), "not valid yet");
    }

    @Test
    void verifyWhenNoJtiThenInvalidClient() {
        assertRefused(KEYS.rs256(CLIENT, ISSUER, c -> c.jwtID(null)), "jti");
    }

    @Test
    void verifyWhenAlgNoneThenInvalidClient() {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(claims().build().toString().getBytes(StandardCharsets.UTF_8));

        assertRefused(header + "." + payload + ".", "alg must be one of");
    }

    @Test
    void verifyWhenHmacSignedThenInvalidClient() throws JOSEException {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(KEYS.rsaKid()).build(), claims().build());
        jwt.sign(new MACSigner("a shared secret that is long enough for HS256!".getBytes(StandardCharsets.UTF_8)));

        assertRefused(jwt.serialize(), "alg must be one of");
    }

    @Test
    void verifyWhenKidUnknownThenUnknownKey() {
        assertThatThrownBy(() -> verify(KEYS.sign(JWSAlgorithm.RS256, "rotated-away", claims())))
                .isInstanceOf(AssertionRules.UnknownKey.class);
    }

    @Test
    void verifyWhenSignedByAnotherKeyUnderARegisteredKidThenInvalidClient() {
        TestAssertions stranger = TestAssertions.generate("k");

        assertRefused(stranger.rs256(CLIENT, ISSUER), "signature does not verify");
    }

    @Test
    void verifyWhenNotAJwtThenInvalidClient() {
        assertRefused("not.a.jwt", "not a signed JWT");
    }

    @Test
    void verifyWhenTypIsAnotherKindOfJwtThenInvalidClient() {
        String header = "{\"alg\":\"RS256\",\"kid\":\"" + KEYS.rsaKid() + "\",\"typ\":\"dpop+jwt\"}";

        assertRefused(KEYS.signRs256(header, claims().build().toString()), "typ must be");
    }

    @Test
    void verifyWhenTypIsClientAuthenticationJwtThenAccepted() {
        String header = "{\"alg\":\"RS256\",\"kid\":\"" + KEYS.rsaKid() + "\",\"typ\":\"client-authentication+jwt\"}";

        assertThat(verify(KEYS.signRs256(header, claims().build().toString()))).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775807", "1e300", "\"soon\""})
    void verifyWhenExpIsNoDateThenInvalidClientNotAnError(String exp) {
        String header = "{\"alg\":\"RS256\",\"kid\":\"" + KEYS.rsaKid() + "\"}";
        String claims = "{\"iss\":\"" + CLIENT + "\",\"sub\":\"" + CLIENT + "\",\"aud\":\"" + ISSUER
                + "\",\"jti\":\"j\",\"exp\":" + exp + "}";

        assertRefused(KEYS.signRs256(header, claims), "claims are malformed");
    }

    private void assertRefused(String assertion, String why) {
        assertThatThrownBy(() -> verify(assertion))
                .isInstanceOfSatisfying(
                        OAuthException.class, e -> assertThat(e.status()).isEqualTo(401))
                .hasMessageContaining(why);
    }
}
