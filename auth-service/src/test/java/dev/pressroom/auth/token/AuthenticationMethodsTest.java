package dev.pressroom.auth.token;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AuthenticationMethodsTest {

    @Test
    void claimedWhenPasskeyThenProofOfPossessionAndUserNeverHardwareKey() {
        assertThat(AuthenticationMethods.claimed(AuthenticationMethods.PASSKEY)).containsExactly("pop", "user");
        assertThat(AuthenticationMethods.acr(AuthenticationMethods.PASSKEY)).isEqualTo("phr");
    }

    @Test
    void claimedWhenRecordedBeforeAsHardwareKeyThenNoLongerClaimsIt() {
        List<String> recordedEarlier = List.of("hwk", "user");

        assertThat(AuthenticationMethods.isPasskey(recordedEarlier)).isTrue();
        assertThat(AuthenticationMethods.claimed(recordedEarlier)).containsExactly("pop", "user");
        assertThat(AuthenticationMethods.acr(recordedEarlier)).isEqualTo("phr");
    }

    @Test
    void claimedWhenPasswordThenPwdAndNoAcr() {
        assertThat(AuthenticationMethods.isPasskey(AuthenticationMethods.PASSWORD))
                .isFalse();
        assertThat(AuthenticationMethods.claimed(AuthenticationMethods.PASSWORD))
                .containsExactly("pwd");
        assertThat(AuthenticationMethods.acr(AuthenticationMethods.PASSWORD)).isNull();
    }
}
