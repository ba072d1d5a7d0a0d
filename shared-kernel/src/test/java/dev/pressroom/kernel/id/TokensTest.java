package dev.pressroom.kernel.id;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.testing.NativeImageRules;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TokensTest {

    @Test
    void randomWhen32BytesThen43Base64UrlCharacters() {
        assertThat(Tokens.random(32)).hasSize(43).matches("[A-Za-z0-9_-]+");
    }

    @Test
    void randomWhenCalledRepeatedlyThenNeverRepeats() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertThat(seen.add(Tokens.random(16))).isTrue();
        }
    }

    @Test
    void randomBytesWhenAskedThenThatManyAndNeverTheSame() {
        assertThat(Tokens.randomBytes(12)).hasSize(12).isNotEqualTo(Tokens.randomBytes(12));
        assertThatThrownBy(() -> Tokens.randomBytes(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** A renamed holder would silently lose its run-time rule, and the native build would refuse the SecureRandom. */
    @Test
    void nativeImagePropertiesWhenReadThenTheRunTimeClassExistsAndHoldsTheGenerator() throws Exception {
        Class<?> holder = NativeImageRules.runTimeInitialized(Tokens.class, "shared-kernel");
        assertThat(holder.getDeclaredField("RANDOM").getType()).isEqualTo(java.security.SecureRandom.class);
    }

    @Test
    void randomWhenNoBytesThenRefused() {
        assertThatThrownBy(() -> Tokens.random(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sha256WhenKnownInputThenKnownDigest() {
        // RFC 7636 Appendix B: the S256 challenge of this verifier.
        assertThat(Tokens.sha256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
                .isEqualTo("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    }

    @Test
    void constantTimeEqualsWhenSameThenTrueWhenDifferentOrNullThenFalse() {
        assertThat(Tokens.constantTimeEquals("secret", "secret")).isTrue();
        assertThat(Tokens.constantTimeEquals("secret", "secreT")).isFalse();
        assertThat(Tokens.constantTimeEquals("secret", "secret2")).isFalse();
        assertThat(Tokens.constantTimeEquals(null, "secret")).isFalse();
        assertThat(Tokens.constantTimeEquals("secret", null)).isFalse();
    }
}
