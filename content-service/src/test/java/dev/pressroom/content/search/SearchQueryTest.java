package dev.pressroom.content.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.error.ApiException;
import org.junit.jupiter.api.Test;
import org.tartarus.snowball.SnowballStemmer;

class SearchQueryTest {

    @Test
    void tsqueryWhenWordsThenQuotedAndedWithPrefixLast() {
        assertThat(SearchQuery.parse("Roasted  Tomato").tsquery()).isEqualTo("'roasted' & 'tomato':*");
    }

    @Test
    void parseWhenTsquerySyntaxThenOnlyWordsRemain() {
        assertThat(SearchQuery.parse("a' | !b:* & (c) <-> d\\").words()).containsExactly("a", "b", "c", "d");
        assertThat(SearchQuery.parse("crème brûlée 2025").words()).containsExactly("crème", "brûlée", "2025");
        // Devanagari vowel signs and virama are combining marks inside the word, as PostgreSQL's parser reads it.
        assertThat(SearchQuery.parse("हिन्दी भाषा").words()).containsExactly("हिन्दी", "भाषा");
    }

    @Test
    void probeWhenWordsThenStartOfLongestWord() {
        assertThat(SearchQuery.parse("how roasting tom").probe()).isEqualTo("roast");
        assertThat(SearchQuery.parse("tea").probe()).isEqualTo("tea");
    }

    @Test
    void parseWhenNothingUsableThenBadRequest() {
        assertThatThrownBy(() -> SearchQuery.parse("&|!:*()")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> SearchQuery.parse("w".repeat(61))).isInstanceOf(ApiException.class);
    }

    @Test
    void configWhenLanguageTagThenPostgresConfiguration() {
        assertThat(SearchLanguage.config("en-GB")).isEqualTo("english");
        assertThat(SearchLanguage.config("PT-br")).isEqualTo("portuguese");
        assertThat(SearchLanguage.config("nb")).isEqualTo("norwegian");
        assertThat(SearchLanguage.config("ja")).isEqualTo("simple");
        assertThat(SearchLanguage.config(null)).isEqualTo("simple");
    }

    @Test
    void stemmerWhenAnyConfigurationButSimpleThenItsSnowballStemmer() {
        for (String lang :
                "ar hy eu ca da nl en fi fr de el hi hu id ga it lt ne no pt ro ru sr es sv ta tr yi".split(" ", -1)) {
            SnowballStemmer stemmer = SearchLanguage.stemmer(SearchLanguage.config(lang));
            assertThat(stemmer).as(lang).isNotNull();
            stemmer.setCurrent("tomatoes");
            stemmer.stem();
            assertThat(stemmer.getCurrent()).as(lang).isNotEmpty();
        }
        assertThat(SearchLanguage.stemmer("simple")).isNull();
        SnowballStemmer english = SearchLanguage.stemmer("english");
        english.setCurrent("tomatoes");
        english.stem();
        assertThat(english.getCurrent()).isEqualTo("tomato");
    }
}
