package dev.pressroom.auth.token;

import static dev.pressroom.auth.support.TestHints.ISSUER;
import static dev.pressroom.auth.support.TestHints.claims;
import static dev.pressroom.auth.support.TestHints.jwks;
import static dev.pressroom.auth.support.TestHints.signed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.SigningKey;
import dev.pressroom.auth.support.TestHints;
import dev.pressroom.auth.support.TestKeys;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class IdTokenHintsTest {

    private static SigningKey current;
    private static SigningKey previous;
    private static SigningKey stranger;

    /** The JWKS as the rotation left it: the test publishes and retires keys by changing it. */
    private final AtomicReference<Map<String, Object>> published = new AtomicReference<>();

    private final IdTokenHints hints = new IdTokenHints(ISSUER, published::get);

    @BeforeAll
    static void keys() throws Exception {
        current = TestKeys.generate("2026-11-24-b");
        previous = TestKeys.generate("2026-11-01-a");
        stranger = TestKeys.generate("2026-11-24-x");
    }

    /** An ID token the way IdTokenGenerator signs it. */
    private static String ours(SigningKey key, Map<String, Object> claims) throws Exception {
        return new Jws(new JdkRsaSigner()).sign(key, new ObjectMapper().writeValueAsBytes(claims));
    }

    /** Logout must read a hint whatever algorithm the client's ID tokens are signed with. */
    @ParameterizedTest
    @EnumSource(JwsAlgorithm.class)
    void readWhenOurIdTokenOfEachAlgorithmThenHint(JwsAlgorithm alg) throws Exception {
        SigningKey key = TestKeys.generate("2026-11-27-" + alg.name().toLowerCase(java.util.Locale.ROOT), alg);
        published.set(jwks(current, key));

        assertThat(hints.read(ours(key, claims("app", "account-1", "sid-1", 0))))
                .contains(new IdTokenHints.Hint("app", "account-1", "sid-1"));
    }

    @Test
    void readWhenSignedByAnUnpublishedKeyOfAnotherAlgorithmThenNoHint() throws Exception {
        SigningKey es = TestKeys.generate("2026-11-27-stranger", JwsAlgorithm.ES256);
        published.set(jwks(current));

        assertThat(hints.read(ours(es, claims("app", "account-1", "sid-1", 0)))).isEmpty();
    }

    @Test
    void readWhenOurIdTokenThenClientSubjectAndSid() throws Exception {
        published.set(jwks(current));

        assertThat(hints.read(ours(current, claims("app", "account-1", "sid-1", 0))))
                .contains(new IdTokenHints.Hint("app", "account-1", "sid-1"));
    }

    @Test
    void readWhenSignedByTheKeyBeforeRotationThenReadWhileItIsPublished() throws Exception {
        String before = ours(previous, claims("app", "account-1", "sid-1", 600));
        published.set(jwks(previous, current));
        assertThat(hints.read(before)).isPresent();
        assertThat(hints.read(ours(current, claims("app", "account-1", "sid-1", 0))))
                .isPresent();

        published.set(jwks(current));
        assertThat(hints.read(before)).as("its key retired").isEmpty();
    }

    @Test
    void readWhenKeyPublishedAfterFirstHintThenItsHintsRead() throws Exception {
        published.set(jwks(previous));
        assertThat(hints.read(ours(previous, claims("app", "a", "s", 0)))).isPresent();
        String fromNewKey = ours(current, claims("app", "a", "s", 0));
        assertThat(hints.read(fromNewKey)).isEmpty();

        published.set(jwks(previous, current));
        assertThat(hints.read(fromNewKey)).isPresent();
    }

    @Test
    void readWhenExpiredLongAgoThenStillRead() throws Exception {
        published.set(jwks(current));
        long tenYears = 10L * 365 * 86_400;

        assertThat(hints.read(ours(current, claims("app", "account-1", "sid-1", tenYears))))
                .contains(new IdTokenHints.Hint("app", "account-1", "sid-1"));
    }

    @Test
    void readWhenAnotherIssuerThenEmpty() throws Exception {
        published.set(jwks(current));
        Map<String, Object> claims = claims("app", "a", "s", 0);
        claims.put("iss", "https://attacker.example");

        assertThat(hints.read(ours(current, claims))).isEmpty();
    }

    @Test
    void readWhenSeveralAudiencesThenEmpty() throws Exception {
        published.set(jwks(current));
        Map<String, Object> claims = claims("app", "a", "s", 0);
        claims.put("aud", List.of("app", "other-app"));

        assertThat(hints.read(ours(current, claims))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"exp", "iat"})
    void readWhenTimeClaimMissingThenEmpty(String claim) throws Exception {
        published.set(jwks(current));
        Map<String, Object> claims = claims("app", "a", "s", 0);
        claims.remove(claim);

        assertThat(hints.read(ours(current, claims)))
                .as("every ID token we issue has it")
                .isEmpty();
    }

    @Test
    void readWhenSignatureAlteredThenEmpty() throws Exception {
        published.set(jwks(current));
        String[] parts = ours(current, claims("app", "a", "s", 0)).split("\\.", -1);
        String otherPayload = ours(current, claims("app", "b", "s", 0)).split("\\.", -1)[1];

        assertThat(hints.read(parts[0] + "." + otherPayload + "." + parts[2])).isEmpty();
        assertThat(hints.read(parts[0] + "." + parts[1] + ".AAAA")).isEmpty();
    }

    @Test
    void readWhenSignedByAnUnpublishedKeyUnderAPublishedKidThenEmpty() {
        published.set(jwks(current));

        assertThat(hints.read(signed(stranger, current.kid(), JWSAlgorithm.RS256, claims("app", "a", "s", 0))))
                .isEmpty();
        assertThat(hints.read(signed(stranger, stranger.kid(), JWSAlgorithm.RS256, claims("app", "a", "s", 0))))
                .isEmpty();
    }

    @Test
    void readWhenAnotherAlgorithmWithOurKeyThenEmpty() {
        published.set(jwks(current));
        Map<String, Object> claims = claims("app", "a", "s", 0);

        assertThat(hints.read(signed(current, current.kid(), JWSAlgorithm.RS256, claims)))
                .as("the same token in RS256")
                .isPresent();
        assertThat(hints.read(signed(current, current.kid(), JWSAlgorithm.RS384, claims)))
                .isEmpty();
        assertThat(hints.read(signed(current, current.kid(), JWSAlgorithm.PS256, claims)))
                .isEmpty();
        assertThat(hints.read(TestHints.macWithPublicKey(current, claims))).isEmpty();
        assertThat(hints.read(TestHints.unsigned(claims))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "..", "a.b.c", "eyJhbGciOiJSUzI1NiJ9.e30.", "not a token", "e30.e30.e30.e30.e30"})
    void readWhenNotAJwsThenEmpty(String hint) {
        published.set(jwks(current));

        assertThat(hints.read(hint)).isEmpty();
    }
}
