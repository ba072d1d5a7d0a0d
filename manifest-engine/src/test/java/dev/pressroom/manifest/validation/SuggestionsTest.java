package dev.pressroom.manifest.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SuggestionsTest {

    private static final List<String> KEYS =
            List.of("compat", "entry", "icon", "id", "kind", "min_server_version", "permissions", "pledge", "ui");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "permisions, permissions", // one letter missing
        "premissions, permissions", // two letters swapped: one edit
        "Permissions, permissions", // case
        "minServerVersion, min_server_version", // camelCase
        "min-server-version, min_server_version", // kebab-case
        "entryFile, entry", // adds to an allowed key
        "compatability, compat", // adds to an allowed key
        "knd, kind",
        "iocn, icon",
    })
    void closestWhenTypoThenAllowedWord(String typed, String expected) {
        assertThat(Suggestions.closest(typed, KEYS)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "homepage", // nothing alike
        "ix", // two letters: one edit is too much of a guess
        "ab",
        "versoin_range_for_hosts",
    })
    void closestWhenNothingCloseThenNull(String typed) {
        assertThat(Suggestions.closest(typed, KEYS)).isNull();
    }

    @Test
    void closestWhenTwoEquallyCloseThenNull() {
        assertThat(Suggestions.closest("jar", List.of("jar:read", "jar:pledge")))
                .isNull();
    }

    @Test
    void closestWhenEditMatchAndPrefixMatchThenEditMatchWins() {
        // "entrys" is one edit from "entry" and a prefix extension of "entrys_list"-like keys alike.
        assertThat(Suggestions.closest("entrys", List.of("entry", "entrys-folder")))
                .isEqualTo("entry");
    }

    @Test
    void closestWhenWordIsAllowedItselfThenNull() {
        assertThat(Suggestions.closest("entry", List.of("entry"))).isNull();
    }

    @Test
    void closestWhenHugeInputThenNullWithoutWork() {
        assertThat(Suggestions.closest("p".repeat(100_000), KEYS)).isNull();
    }

    @ParameterizedTest(name = "{0} / {1} = {2}")
    @CsvSource({"abc, abc, 0", "abc, acb, 1", "kitten, sitting, 3", "'', abc, 3", "ca, abc, 3"})
    void distanceIsOptimalStringAlignment(String a, String b, int expected) {
        assertThat(Suggestions.distance(a, b)).isEqualTo(expected);
    }

    @Test
    void cutOffGrowsWithLength() {
        assertThat(List.of(Suggestions.cutOff(2), Suggestions.cutOff(4), Suggestions.cutOff(8), Suggestions.cutOff(9)))
                .containsExactly(0, 1, 2, 3);
    }
}
