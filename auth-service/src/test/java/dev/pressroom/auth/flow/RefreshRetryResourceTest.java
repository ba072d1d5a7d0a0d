package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TimeMachine;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A refresh whose reply was lost, retried with the same token, over real Redis (the MINT script): forgiven within the
 * reuse grace while the lost successor is unused, and reuse otherwise.
 */
@QuarkusTest
class RefreshRetryResourceTest {

    private static final Duration GRACE = Duration.ofSeconds(30);

    @Inject
    TimeMachine time;

    private TestClients app;
    private Response issued;

    @BeforeEach
    void setUp() {
        app = TestClients.create();
        issued = app.exchange(app.code(new Browser(), "openid offline_access"));
    }

    @AfterEach
    void reset() {
        time.reset();
    }

    @Test
    void refreshWhenRetriedWithinTheGraceThenNewTokensAndTheLostOnesRetired() {
        Response lost = app.refresh(issued.path("refresh_token"));
        lost.then().statusCode(200);
        time.advance(GRACE.minusSeconds(2));

        Response retried = app.refresh(issued.path("refresh_token"));

        retried.then().statusCode(200);
        assertThat(retried.<String>path("refresh_token")).isNotEqualTo(lost.path("refresh_token"));
        assertThat(app.active(lost.path("access_token")))
                .as("the lost reply's access token")
                .isFalse();
        assertThat(app.active(lost.path("refresh_token")))
                .as("the lost reply's refresh token")
                .isFalse();
        assertThat(app.active(retried.path("access_token"))).isTrue();
        app.refresh(retried.path("refresh_token")).then().statusCode(200);
        assertThat(AuditEvents.await(Map.of("type", "refresh_token_retried", "account_id", app.accountId), e -> true))
                .containsEntry("client_id", app.clientId);
        assertThat(AuditEvents.find(Map.of("type", "refresh_token_reused", "account_id", app.accountId)))
                .isEmpty();
    }

    @Test
    void refreshWhenTheReplacedSuccessorComesBackThenTheChainIsRevoked() {
        Response lost = app.refresh(issued.path("refresh_token"));
        Response retried = app.refresh(issued.path("refresh_token"));

        app.refresh(lost.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));

        assertThat(app.active(retried.path("refresh_token"))).isFalse();
        assertThat(app.active(retried.path("access_token"))).isFalse();
    }

    @Test
    void refreshWhenRetriedAfterTheSuccessorWasUsedThenTheChainIsRevoked() {
        Response second = app.refresh(issued.path("refresh_token"));
        Response third = app.refresh(second.path("refresh_token"));

        app.refresh(issued.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));

        assertThat(app.active(third.path("refresh_token"))).isFalse();
    }

    @Test
    void refreshWhenRetriedAfterTheGraceThenTheChainIsRevoked() {
        Response lost = app.refresh(issued.path("refresh_token"));
        time.advance(GRACE.plusSeconds(1));

        app.refresh(issued.path("refresh_token")).then().statusCode(400).body("error", equalTo("invalid_grant"));

        assertThat(app.active(lost.path("refresh_token"))).isFalse();
    }
}
