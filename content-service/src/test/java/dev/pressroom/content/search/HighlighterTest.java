package dev.pressroom.content.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The queries are tsquery text as PostgreSQL 15 normalises them (to_tsquery(config, ...)::text). */
class HighlighterTest {

    @Test
    void toHtmlWhenInflectedWordThenStemMatchesLexeme() {
        assertThat(new Highlighter("english", "'number'").toHtml("Numbers add up: the number 7 is numbered."))
                .isEqualTo("<mark>Numbers</mark> add up: the <mark>number</mark> 7 is <mark>numbered</mark>");
    }

    @Test
    void toHtmlWhenPrefixLexemeThenWordsStartingWithItMatch() {
        assertThat(new Highlighter("english", "'roast' & 'tom':*").toHtml("We roasted Tomatoes and a tomb, not a ton."))
                .isEqualTo("We <mark>roasted</mark> <mark>Tomatoes</mark> and a <mark>tomb</mark>, not a ton");
        assertThat(new Highlighter("english", "'post' & '4242':*").toHtml("post 4242 and post 42421 but not 424"))
                .isEqualTo("<mark>post</mark> <mark>4242</mark> and <mark>post</mark> <mark>42421</mark> but not 424");
    }

    @Test
    void toHtmlWhenNumberInWordThenNotStemmed() {
        // "posts4" is one word holding a digit: only lowercased, as PostgreSQL's simple dictionary does for numwords.
        assertThat(new Highlighter("english", "'post'").toHtml("posts4 and Posts"))
                .isEqualTo("posts4 and <mark>Posts</mark>");
    }

    @Test
    void toHtmlWhenMatchesFarApartThenTwoFragmentsOfAtMost24Words() {
        String text = "saffron " + words("a", 100) + " saffron again " + words("b", 100);
        String html = new Highlighter("english", "'saffron'").toHtml(text);
        String[] fragments = html.split(Highlighter.DELIMITER);
        assertThat(fragments).hasSize(2);
        assertThat(fragments[0]).startsWith("<mark>saffron</mark> a0 a1");
        assertThat(fragments[1]).contains("a99 <mark>saffron</mark> again b0");
        for (String fragment : fragments) {
            assertThat(fragment.split(" ")).hasSize(Highlighter.MAX_WORDS);
        }
    }

    @Test
    void toHtmlWhenSpansCompeteThenMostDistinctWordsChosenFirst() {
        // Three single-word spans and one with both words: the fragments are the pair's and then the first single one.
        String text = "tomato " + words("a", 40) + " basil " + words("b", 40) + " tomato basil " + words("c", 40);
        String html = new Highlighter("english", "'tomato' & 'basil':*").toHtml(text);
        assertThat(html)
                .startsWith("<mark>tomato</mark> a0")
                .contains(" … ")
                .contains("<mark>tomato</mark> <mark>basil</mark> c0");
        assertThat(html).doesNotContain("b0 ");
    }

    @Test
    void toHtmlWhenNoMatchThenOpeningTenWords() {
        assertThat(new Highlighter("english", "'zebra'").toHtml(words("w", 50)))
                .isEqualTo(words("w", Highlighter.MIN_WORDS));
        assertThat(new Highlighter("english", "'zebra'").toHtml("")).isEmpty();
    }

    @Test
    void toHtmlWhenMarkupInTextThenEscapedAndOnlyOwnMarks() {
        String html = new Highlighter("english", "'soup'")
                .toHtml("<script>alert('x')</script> & \"soup\" <mark>soup</mark> \u0002soup\u0003");
        // The fragment runs from its first word to its last: the leading "<" and the trailing control character are
        // outside.
        assertThat(html)
                .isEqualTo("script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;<mark>soup</mark>&quot; "
                        + "&lt;mark&gt;<mark>soup</mark>&lt;/mark&gt; <mark>soup</mark>");
        assertThat(html.replace("<mark>", "").replace("</mark>", "")).doesNotContain("<", ">");
    }

    @Test
    void toHtmlWhenFrenchThenFrenchStemmer() {
        assertThat(new Highlighter("french", "'légum' & 'mijot':*").toHtml("Des légumes mijotés longuement."))
                .isEqualTo("Des <mark>légumes</mark> <mark>mijotés</mark> longuement");
    }

    @Test
    void toHtmlWhenStemmerFoldsUmlautsThenMatchDespiteOtherFirstLetter() {
        // german_stem: "Übersetzungen" → ubersetz; the first letter changes, so no prefilter may drop the word.
        assertThat(new Highlighter("german", "'ubersetz'").toHtml("Die Übersetzungen sind fertig."))
                .isEqualTo("Die <mark>Übersetzungen</mark> sind fertig");
    }

    @Test
    void toHtmlWhenSimpleConfigurationThenLowercasedWordsOnly() {
        assertThat(new Highlighter("simple", "'numbers' & 'ab':*").toHtml("Numbers, number, ABC, cab"))
                .isEqualTo("<mark>Numbers</mark>, number, <mark>ABC</mark>, cab");
    }

    @Test
    void toHtmlWhenCombiningMarksThenOneWord() {
        // Devanagari vowel signs are combining marks: "हिन्दी" is one word, not split at them.
        assertThat(new Highlighter("simple", "'हिन्दी'").toHtml("हिन्दी भाषा")).isEqualTo("<mark>हिन्दी</mark> भाषा");
    }

    private static String words(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> prefix + i).collect(Collectors.joining(" "));
    }
}
