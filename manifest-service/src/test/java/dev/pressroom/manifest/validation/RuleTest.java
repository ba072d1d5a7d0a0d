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
        String readme = Files.readString(Path.of("README.md"));

        assertThat(Rule.values()).allSatisfy(rule -> assertThat(readme).contains("| `" + rule.id() + "` |"));
    }
}
