package dev.pressroom.auth.validate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PkceTest {

    /** RFC 7636 Appendix B. */
    private static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    @Test
    void s256WhenRfcExampleThenRfcChallenge() {
        assertThat(Pkce.s256(VERIFIER)).isEqualTo(CHALLENGE);
        assertThat(Pkce.s256(VERIFIER.replace('d', 'e'))).isNotEqualTo(CHALLENGE);
    }

    @Test
    void isValidVerifierWhenTooShortTooLongOrReservedCharactersThenFalse() {
        assertThat(Pkce.isValidVerifier(VERIFIER)).isTrue();
        assertThat(Pkce.isValidVerifier("short")).isFalse();
        assertThat(Pkce.isValidVerifier("a".repeat(129))).isFalse();
        assertThat(Pkce.isValidVerifier(VERIFIER.substring(1) + "!")).isFalse();
        assertThat(Pkce.isValidVerifier(null)).isFalse();
    }

    @Test
    void isValidChallengeWhenNotBase64urlSha256ThenFalse() {
        assertThat(Pkce.isValidChallenge(CHALLENGE)).isTrue();
        assertThat(Pkce.isValidChallenge(VERIFIER.substring(0, 42))).isFalse();
        assertThat(Pkce.isValidChallenge(CHALLENGE + "=")).isFalse();
        assertThat(Pkce.isValidChallenge(null)).isFalse();
    }
}
