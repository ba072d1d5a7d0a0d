package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each service signs in to Redis as its own ACL user with its own secret, and the dev Redis defines exactly those
 * users with the password from the same secret; prod reaches its managed Redis over TLS.
 */
class RedisUsersTest {

    @ParameterizedTest
    @ValueSource(strings = {"auth-service", "content-service"})
    void serviceWhenRenderedThenSignsInAsItsOwnRedisUserWithItsOwnSecret(String service) {
        for (String overlay : Repo.overlays()) {
            Map<String, String> env = Rendered.of(overlay).environment(container(Rendered.of(overlay), service));
            assertThat(env.get("REDIS_USER")).as("%s %s", overlay, service).isEqualTo(service);
            assertThat(env.get("REDIS_PASSWORD"))
                    .as("%s %s", overlay, service)
                    .startsWith("<secret " + service + "-secrets")
                    .endsWith("/REDIS_PASSWORD>");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth-service", "content-service"})
    void devRedisWhenRenderedThenDefinesTheServicesUserWithThePasswordOfItsSecret(String service) {
        Rendered dev = Rendered.of("dev");
        StatefulSet redis = dev.named(StatefulSet.class, "redis").orElseThrow();
        Container server =
                redis.getSpec().getTemplate().getSpec().getContainers().get(0);
        List<String> args = server.getArgs();
        int user = args.indexOf(service);
        assertThat(args.get(user - 1)).isEqualTo("--user");
        String passwordArg = args.get(user + 2);
        assertThat(passwordArg).matches(">\\$\\([A-Z_]+\\)");
        String variable = passwordArg.substring(3, passwordArg.length() - 1);
        assertThat(dev.environment(server).get(variable))
                .startsWith("<secret " + service + "-secrets")
                .endsWith("/REDIS_PASSWORD>");
        // Its own keys only, and no administrative command.
        List<String> rules = args.subList(user, args.size());
        assertThat(rules).contains("resetkeys", "-@all").doesNotContain("~*", "+@all", "allkeys", "+@dangerous");
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth-service", "content-service"})
    void prodWhenRenderedThenRedisIsReachedOverTls(String service) {
        Rendered prod = Rendered.of("prod");
        assertThat(prod.environment(container(prod, service))).containsEntry("REDIS_SCHEME", "rediss");
    }

    private static Container container(Rendered rendered, String service) {
        return rendered.deployment(service)
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0);
    }
}
