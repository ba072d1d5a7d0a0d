package dev.pressroom.content.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ETagsTest {

    private final ETags etags = new ETags("secret");

    @Test
    void ofWhenSameInputsThenSameTagOnAnyInstance() {
        assertThat(etags.of("b", 3, "posts?x")).isEqualTo(new ETags("secret").of("b", 3, "posts?x"));
    }

    @Test
    void ofWhenVersionOrVariantOrSecretDiffersThenDifferentTag() {
        String tag = etags.of("b", 3, "posts?x");
        assertThat(etags.of("b", 4, "posts?x")).isNotEqualTo(tag);
        assertThat(etags.of("b", 3, "posts?y")).isNotEqualTo(tag);
        assertThat(new ETags("other").of("b", 3, "posts?x")).isNotEqualTo(tag);
        assertThat(tag).startsWith("\"").endsWith("\"");
    }

    @Test
    void matchesWhenExactWeakOrInListThenTrue() {
        assertThat(ETags.matches("\"abc\"", "\"abc\"")).isTrue();
        assertThat(ETags.matches("W/\"abc\"", "\"abc\"")).isTrue();
        assertThat(ETags.matches("\"x\", W/\"y\",\"abc\"", "\"abc\"")).isTrue();
        assertThat(ETags.matches(" \"x\" ,\t\"abc\" ", "\"abc\"")).isTrue();
    }

    @Test
    void matchesWhenDifferentPrefixOrMalformedThenFalse() {
        assertThat(ETags.matches("\"abcd\"", "\"abc\"")).isFalse();
        assertThat(ETags.matches("\"ab\"", "\"abc\"")).isFalse();
        assertThat(ETags.matches("abc", "\"abc\"")).isFalse();
        assertThat(ETags.matches("\"abc", "\"abc\"")).isFalse();
        assertThat(ETags.matches(null, "\"abc\"")).isFalse();
        assertThat(ETags.matches("*", "\"abc\"")).isFalse();
    }

    @Test
    void isWildcardWhenStarThenTrue() {
        assertThat(ETags.isWildcard(" * ")).isTrue();
        assertThat(ETags.isWildcard("\"*\"")).isFalse();
    }
}
