package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.support.TestConfig;
import dev.pressroom.auth.support.TestRegisteredClients;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who must push authorization requests: a client that registered so, or every client under the global switch. */
class PushedAuthorizationRequestsTest {

    @Test
    void requiredWhenNeitherClientNorProviderAsksThenNot() {
        assertThat(pushed(false).required(client(false))).isFalse();
    }

    @Test
    void requiredWhenClientAsksThenYes() {
        assertThat(pushed(false).required(client(true))).isTrue();
    }

    @Test
    void requiredWhenProviderSwitchIsOnThenForEveryClient() {
        assertThat(pushed(true).required(client(false))).isTrue();
    }

    private static PushedAuthorizationRequests pushed(boolean requiredOfEveryone) {
        return new PushedAuthorizationRequests(
                null,
                null,
                TestConfig.auth(
                        Map.of("auth.require-pushed-authorization-requests", Boolean.toString(requiredOfEveryone))));
    }

    private static Client client(boolean requiresPar) {
        return TestRegisteredClients.client("instance", "openid")
                .dynamic()
                .requirePushedAuthorizationRequests(requiresPar)
                .build();
    }
}
