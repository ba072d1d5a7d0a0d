package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.RedisCommandCalls;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Scripts run by their digest (kernel RedisScripts): the text is sent once per Redis server, when it does not hold the
 * script yet, and never again while it does.
 */
@QuarkusTest
class RedisCallsResourceTest {

    @Inject
    RedisCalls calls;

    @Inject
    RedisDataSource redis;

    @Test
    void evalWhenRedisDoesNotHoldTheScriptThenLoadedAndAnswered() throws Exception {
        String script = "return KEYS[1] .. ARGV[1] .. '" + UUID.randomUUID() + "'";
        assertThat(held(script)).isFalse();

        String answer = calls.eval(script, List.of("auth:{t}:script"), List.of("-run"))
                .await()
                .indefinitely()
                .toString();

        assertThat(answer).startsWith("auth:{t}:script-run");
        assertThat(held(script)).isTrue();
    }

    @Test
    void evalWhenRedisHoldsTheScriptThenTheTextIsNotSentAgain() {
        String script = "return ARGV[1] .. '" + UUID.randomUUID() + "'";
        calls.eval(script, List.of(), List.of("0")).await().indefinitely();
        long evalshaBefore = RedisCommandCalls.of(redis, "EVALSHA");
        long evalBefore = RedisCommandCalls.of(redis, "EVAL");

        for (int i = 1; i <= 20; i++) {
            assertThat(calls.eval(script, List.of(), List.of(Integer.toString(i)))
                            .await()
                            .indefinitely()
                            .toString())
                    .startsWith(Integer.toString(i));
        }

        assertThat(RedisCommandCalls.of(redis, "EVALSHA") - evalshaBefore)
                .as("EVALSHA calls")
                .isGreaterThanOrEqualTo(20);
        // Other work of the service may load a script of its own meanwhile, never twenty.
        assertThat(RedisCommandCalls.of(redis, "EVAL") - evalBefore)
                .as("EVAL calls")
                .isLessThan(20);
    }

    private boolean held(String script) throws Exception {
        String digest = String.format(
                "%040x",
                new BigInteger(1, MessageDigest.getInstance("SHA-1").digest(script.getBytes(StandardCharsets.UTF_8))));
        return redis.execute("SCRIPT", "EXISTS", digest).get(0).toInteger() == 1;
    }
}
