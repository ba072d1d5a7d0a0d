package dev.pressroom.content.key;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OriginsTest {

    @Test
    void normalizeWhenSpellingsDifferThenSameOrigin() {
        assertThat(Origins.normalize("HTTP://LocalHost:3000")).contains("http://localhost:3000");
        assertThat(Origins.normalize("https://site.example:443")).contains("https://site.example");
        assertThat(Origins.normalize("https://site.example/")).contains("https://site.example");
    }

    @Test
    void normalizeWhenNotAnOriginThenEmpty() {
        assertThat(Origins.normalize("null")).isEmpty();
        assertThat(Origins.normalize("file:///etc/passwd")).isEmpty();
        assertThat(Origins.normalize("https://site.example/path")).isEmpty();
        assertThat(Origins.normalize("https://user@site.example")).isEmpty();
        assertThat(Origins.normalize("")).isEmpty();
    }

    @Test
    void hashWhenSameKeyThenSameHashAndNeverThePlainKey() {
        KeyHasher hasher = new KeyHasher("pepper");
        assertThat(hasher.hash("prc_abc"))
                .isEqualTo(new KeyHasher("pepper").hash("prc_abc"))
                .doesNotContain("abc");
        assertThat(hasher.hash("prc_abc")).isNotEqualTo(new KeyHasher("other").hash("prc_abc"));
    }
}
