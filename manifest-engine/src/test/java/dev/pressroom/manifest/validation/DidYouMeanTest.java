package dev.pressroom.manifest.validation;

import static dev.pressroom.manifest.validation.TestManifests.array;
import static dev.pressroom.manifest.validation.TestManifests.feature;
import static dev.pressroom.manifest.validation.TestManifests.validate;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Each kind of typo the validator says "did you mean" for, end to end, and the cases where it says nothing. */
class DidYouMeanTest {

    @Test
    void unknownKeyWhenMisspelledThenSuggestsKey() {
        Violation v = only("unknown-key", feature(rename("permissions", "permisions")));
        assertThat(v.pointer()).isEqualTo("/permisions");
        assertThat(v.suggestion()).isEqualTo("permissions");
        assertThat(v.message()).endsWith("Did you mean \"permissions\"?");
    }

    @Test
    void unknownKeyWhenLongerThanAllowedKeyThenSuggestsKey() {
        assertThat(only("unknown-key", feature(rename("entry", "entryFile"))).suggestion())
                .isEqualTo("entry");
        assertThat(only("unknown-key", feature(rename("compat", "compatability")))
                        .suggestion())
                .isEqualTo("compat");
    }

    @Test
    void unknownKeyWhenNestedThenSuggestsFromItsObject() {
        Violation v = only(
                "unknown-key",
                feature(m -> rename("daily_max_cents", "dailyMaxCents").accept((ObjectNode) m.get("pledge"))));
        assertThat(v.pointer()).isEqualTo("/pledge/dailyMaxCents");
        assertThat(v.suggestion()).isEqualTo("daily_max_cents");
    }

    @Test
    void unknownKeyWhenCloseKeyAlreadyPresentThenNoSuggestion() {
        Violation v = only("unknown-key", feature(m -> m.set("permisions", array("net"))));
        assertThat(v.suggestion()).isNull();
        assertThat(v.message()).doesNotContain("Did you mean");
    }

    @Test
    void unknownKeyWhenNothingCloseThenNoSuggestion() {
        assertThat(only("unknown-key", feature(m -> m.put("homepage", "https://acme.example")))
                        .suggestion())
                .isNull();
    }

    @Test
    void enumWhenMisspelledThenSuggestsValue() {
        Violation v = only("enum", feature(m -> m.put("kind", "conector")));
        assertThat(v.suggestion()).isEqualTo("connector");
        assertThat(v.message()).endsWith("Did you mean \"connector\"?");
        assertThat(only("enum", feature(m -> m.put("runtime", "app"))).suggestion())
                .isEqualTo("app@1");
        assertThat(only("enum", feature(m -> m.put("billing", "one-time"))).suggestion())
                .isEqualTo("one_time");
    }

    @Test
    void enumWhenNothingCloseThenNoSuggestion() {
        assertThat(only("enum", feature(m -> m.put("kind", "plugin"))).suggestion())
                .isNull();
    }

    @Test
    void permissionWhenMisspelledThenSuggestsPermission() {
        Violation v = only(
                "enum",
                feature(m -> m.set(
                        "permissions",
                        array("summary:read", "goal:read", "jar:read", "jar:pledge", "net", "league:share"))));
        assertThat(v.pointer()).isEqualTo("/permissions/1");
        assertThat(v.suggestion()).isEqualTo("goals:read");
    }

    @Test
    void permissionWhenAmbiguousThenNoSuggestion() {
        Violation v = only(
                "enum",
                feature(m -> m.set("permissions", array("summary:read", "jar", "jar:pledge", "net", "league:share"))));
        assertThat(v.suggestion()).isNull();
    }

    @Test
    void hostnameWhenUrlThenSuggestsBareHost() {
        Violation v = only("hostname", network("https://API.acme-finance.com:443/v1"));
        assertThat(v.suggestion()).isEqualTo("api.acme-finance.com");
        assertThat(v.message()).endsWith("Did you mean \"api.acme-finance.com\"?");
    }

    @Test
    void hostnameWhenTypedSeparatorsThenSuggestsHost() {
        assertThat(only("hostname", network("api,acme-finance.com")).suggestion())
                .isEqualTo("api.acme-finance.com");
        assertThat(only("hostname", network("api..acme_finance.com.")).suggestion())
                .isEqualTo("api.acme-finance.com");
    }

    @Test
    void hostnameWhenWildcardOrUnfixableThenNoSuggestion() {
        assertThat(only("hostname", network("*.acme-finance.com")).suggestion()).isNull();
        assertThat(only("hostname", network("127.0.0.1")).suggestion()).isNull();
    }

    @Test
    void semverRangeWhenOperatorReversedThenSuggestsRange() {
        Violation v = only("semver-range", feature(m -> ((ObjectNode) m.get("compat")).put("sdk", "=>1.2.0 =<2.0.0")));
        assertThat(v.suggestion()).isEqualTo(">=1.2.0 <=2.0.0");
    }

    @Test
    void semverRangeWhenOtherwiseBrokenThenNoSuggestion() {
        assertThat(only("semver-range", feature(m -> ((ObjectNode) m.get("compat")).put("sdk", "=>banana")))
                        .suggestion())
                .isNull();
    }

    private static byte[] network(String host) {
        return feature(m -> m.set("network", array("cdn.acme-finance.com", host)));
    }

    private static Consumer<ObjectNode> rename(String from, String to) {
        return m -> m.set(to, m.remove(from));
    }

    /** The one finding of {@code rule}; "required" for a renamed key is expected beside it. */
    private static Violation only(String rule, byte[] manifest) {
        ValidationReport report = validate(manifest);
        assertThat(report.errors())
                .extracting(v -> v.rule().id())
                .isSubsetOf(rule, "required")
                .containsOnlyOnce(rule);
        return report.errors().stream()
                .filter(v -> v.rule().id().equals(rule))
                .findFirst()
                .orElseThrow();
    }
}
