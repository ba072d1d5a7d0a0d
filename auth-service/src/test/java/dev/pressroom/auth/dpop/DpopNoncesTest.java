package dev.pressroom.auth.dpop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.TestClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DpopNoncesTest {

    private final TestClock clock = new TestClock();
    private final DpopNonces nonces = new DpopNonces(new byte[] {1, 2, 3}, clock, Duration.ofMinutes(5));

    @Test
    void acceptedWhenFromThisOrPreviousWindowThenTrueAndLaterFalse() {
        clock.stop();
        String first = nonces.current();
        assertThat(nonces.accepted(first)).isTrue();

        clock.advance(Duration.ofMinutes(5));
        assertThat(nonces.current()).isNotEqualTo(first);
        assertThat(nonces.accepted(first)).isTrue();

        clock.advance(Duration.ofMinutes(5));
        assertThat(nonces.accepted(first)).isFalse();
    }

    @Test
    void acceptedWhenAnotherKeyMadeItThenFalse() {
        DpopNonces other = new DpopNonces(new byte[] {9}, clock, Duration.ofMinutes(5));

        assertThat(nonces.accepted(other.current())).isFalse();
        assertThat(nonces.accepted(null)).isFalse();
    }
}
