package dev.pressroom.kernel.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class PrerequisitesTest {

    private static final String MISSING = "the-tool-of-PrerequisitesTest is not installed (this message is expected)";

    @Test
    void requireWhenPresentThenReturnsInCiAndOutside() {
        assertThatCode(() -> Prerequisites.require(true, MISSING, Map.of("CI", "true")))
                .doesNotThrowAnyException();
        assertThatCode(() -> Prerequisites.require(true, MISSING, Map.of())).doesNotThrowAnyException();
    }

    @Test
    void requireWhenMissingOutsideCiThenSkipsSayingWhatToInstall() {
        assertThatThrownBy(() -> Prerequisites.require(false, MISSING, Map.of()))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining(MISSING);
        assertThatThrownBy(() -> Prerequisites.require(false, MISSING, Map.of("CI", "false")))
                .isInstanceOf(TestAbortedException.class);
    }

    @Test
    void requireWhenMissingUnderCiThenFailsSayingWhatToInstall() {
        for (String ci : new String[] {"true", "TRUE", "1", " true "}) {
            assertThatThrownBy(() -> Prerequisites.require(false, MISSING, Map.of("CI", ci)))
                    .as("CI=%s", ci)
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("CI=true")
                    .hasMessageContaining(MISSING);
        }
    }

    @Test
    void availableWhenMissingThenFalseOutsideCiAndFailsUnderCi() {
        assertThat(Prerequisites.available(true, MISSING, Map.of("CI", "true"))).isTrue();
        assertThat(Prerequisites.available(false, MISSING, Map.of())).isFalse();
        assertThatThrownBy(() -> Prerequisites.available(false, MISSING, Map.of("CI", "true")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(MISSING);
    }

    @Test
    void inCiOnlyWhenCiSaysTrue() {
        assertThat(Prerequisites.inCi(Map.of("CI", "true"))).isTrue();
        assertThat(Prerequisites.inCi(Map.of("CI", "0"))).isFalse();
        assertThat(Prerequisites.inCi(Map.of("CI", ""))).isFalse();
        assertThat(Prerequisites.inCi(Map.of())).isFalse();
    }
}
