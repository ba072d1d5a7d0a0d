package dev.pressroom.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What a pod writes to its log, as its application.properties decides for the prod profile the images run. */
class LoggingConfigTest {

    static Iterable<String> services() {
        return Repo.services();
    }

    @ParameterizedTest
    @MethodSource("services")
    void logsWhenProdProfileThenJsonLines(String service) {
        QuarkusConfig config = Repo.config(service);

        assertThat(config.resolve("quarkus.log.console.json.enabled", "true", Map.of()))
                .isEqualTo("true");
    }

    @ParameterizedTest
    @MethodSource("services")
    void logsWhenProdProfileThenTimestampLevelMessageAndTraceIdsKeptAndPerProcessFieldsLeftOut(String service) {
        QuarkusConfig config = Repo.config(service);
        List<String> excluded = List.of(config.resolve("quarkus.log.console.json.excluded-keys", "", Map.of())
                .split(","));

        assertThat(excluded)
                .containsExactlyInAnyOrder(
                        "sequence", "loggerClassName", "threadId", "ndc", "hostName", "processName", "processId")
                .doesNotContain("timestamp", "level", "loggerName", "message", "threadName", "mdc", "exception");
    }

    @ParameterizedTest
    @MethodSource("services")
    void accessLogWhenProdProfileThenOneLinePerRequestWithoutTheQueryString(String service) {
        QuarkusConfig config = Repo.config(service);
        String pattern = config.resolve("quarkus.http.access-log.pattern", "common", Map.of());

        assertThat(config.resolve("quarkus.http.access-log.enabled", "false", Map.of()))
                .isEqualTo("true");
        assertThat(config.resolve("quarkus.http.record-request-start-time", "false", Map.of()))
                .isEqualTo("true");
        // %R is the path alone; %U, %r, %q and the named forms carry the query string, where a content key may be.
        assertThat(pattern)
                .contains("%R", "%s", "%D", "%{d,route}", "%{X,traceId}")
                .doesNotContain("%U", "%r", "%q", "REQUEST_URL", "REQUEST_LINE", "QUERY_STRING", "%{q,");
    }
}
