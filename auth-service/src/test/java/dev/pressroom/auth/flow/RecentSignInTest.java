package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.token.AuthenticationMethods;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecentSignInTest {

    private static final Instant SIGNED_IN = Instant.parse("2026-11-27T12:00:00Z");
    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);
    private static final Session SESSION =
            new Session("sid", "account", SIGNED_IN.getEpochSecond(), AuthenticationMethods.PASSWORD, null);

    @Test
    void allowsChangesWhenSignedInWithinTheWindowThenTrueUpToItsLastSecond() {
        assertThat(RecentSignIn.allowsChanges(SESSION, SIGNED_IN, FIVE_MINUTES)).isTrue();
        assertThat(RecentSignIn.allowsChanges(SESSION, SIGNED_IN.plus(FIVE_MINUTES), FIVE_MINUTES))
                .isTrue();
    }

    @Test
    void allowsChangesWhenSignInOlderThanTheWindowThenFalse() {
        assertThat(RecentSignIn.allowsChanges(
                        SESSION, SIGNED_IN.plus(FIVE_MINUTES).plusSeconds(1), FIVE_MINUTES))
                .isFalse();
        assertThat(RecentSignIn.allowsChanges(SESSION, SIGNED_IN.plus(Duration.ofHours(11)), FIVE_MINUTES))
                .isFalse();
    }
}
