package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A session's clients are recorded for back-channel logout only when a client can hear of the session's end: the
 * code flow of every other client makes no Redis call for it.
 */
@QuarkusTest
class SessionClientsResourceTest {

    @Inject
    RedisDataSource redis;

    @Test
    void codeWhenClientHasNoBackchannelUriThenSessionNotRecorded() {
        TestClients app = TestClients.create(Map.of());

        app.code(new Browser(), "openid");

        assertThat(redis.key().exists(RedisKeys.sessionClients(app.accountId))).isFalse();
    }

    @Test
    void codeWhenClientHasBackchannelUriThenSessionRecordedWithIt() {
        TestClients app = TestClients.create(Map.of("backchannel_logout_uri", "http://127.0.0.1:9/backchannel"));

        app.code(new Browser(), "openid");

        assertThat(redis.sortedSet(String.class).zrange(RedisKeys.sessionClients(app.accountId), 0, -1))
                .singleElement()
                .satisfies(member -> assertThat(member).endsWith(" " + app.clientId));
    }
}
