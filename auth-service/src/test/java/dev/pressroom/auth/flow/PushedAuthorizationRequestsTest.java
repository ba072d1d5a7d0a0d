package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.support.TestConfig;
import dev.pressroom.auth.support.TestRegisteredClients;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who must push authorization requests: a client that registered so, or every client under the global switch. */
class PushedAuthorizationRequestsTest {

    /** The 201's body is written by Jackson from a record the native executable knows only when registered. */
    @Test
    void pushedAnswerWhenWrittenThenRfc9126MembersAndRegisteredForTheNativeImage() throws Exception {
        PushedAuthorizationRequests.Pushed answer = new PushedAuthorizationRequests.Pushed("urn:x", 60);

        assertThat(new ObjectMapper().writeValueAsString(answer))
                .isEqualTo("{\"request_uri\":\"urn:x\",\"expires_in\":60}");
        assertThat(PushedAuthorizationRequests.Pushed.class).hasAnnotation(RegisterForReflection.class);
    }

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
