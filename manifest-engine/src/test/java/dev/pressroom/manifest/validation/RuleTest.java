package dev.pressroom.manifest.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RuleTest {

    @Test
    void idsWhenListedThenKebabCaseUniqueAndResolvable() {
        assertThat(Rule.values()).allSatisfy(rule -> {
            assertThat(rule.id()).matches("[a-z]+(-[a-z]+)*");
            assertThat(Rule.byId(rule.id())).isSameAs(rule);
        });
        assertThat(Arrays.stream(Rule.values()).map(Rule::id).distinct()).hasSize(Rule.values().length);
    }

    @Test
    void readmeWhenRuleTableThenEveryRuleIdDocumented() throws IOException {
        // The rule table is user documentation, so it lives in the service's README (tests run in the module folder).
        String readme = Files.readString(Path.of("../manifest-service/README.md"));

        assertThat(Rule.values()).allSatisfy(rule -> assertThat(readme).contains("| `" + rule.id() + "` |"));
    }
}
