package dev.pressroom.auth.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LanguageTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "de | DE",
                "fr-CA | FR",
                "ES-mx | ES",
                "en-GB,en;q=0.9 | EN",
                "it, de;q=0.5 | DE",
                "ja, zh-Hant | EN",
                "* | EN",
                "null | EN",
                "'' | EN",
            })
    void acceptLanguageWhenRangesGivenThenFirstSpokenOne(String header, Language expected) {
        assertThat(Language.choose(null, header)).isEqualTo(expected);
    }

    @Test
    void acceptLanguageWhenQValuesGivenThenHighestFirstWhateverTheOrder() {
        assertThat(Language.choose(null, "en;q=0.3, fr;q=0.8, de;q=0.5")).isEqualTo(Language.FR);
        assertThat(Language.choose(null, "es;q=0.9, de")).isEqualTo(Language.DE);
    }

    @Test
    void acceptLanguageWhenEqualQValuesThenTheirOrderDecides() {
        assertThat(Language.choose(null, "es;q=0.5, fr;q=0.5")).isEqualTo(Language.ES);
    }

    @Test
    void acceptLanguageWhenQIsZeroThenThatLanguageIsNotChosen() {
        assertThat(Language.choose(null, "de;q=0, fr;q=0.1")).isEqualTo(Language.FR);
    }

    @Test
    void acceptLanguageWhenEntryIsJunkThenSkippedAndTheRestCounts() {
        assertThat(Language.choose(null, "<script>, de;q=abc, fr;q=2, es;q=0.4"))
                .isEqualTo(Language.ES);
        assertThat(Language.choose(null, ";;;,,,==,q=1,de;;q=0.7")).isEqualTo(Language.DE);
    }

    @Test
    void uiLocalesWhenSpokenLanguageNamedThenItBeatsAcceptLanguage() {
        assertThat(Language.choose("fr-CA en", "de")).isEqualTo(Language.FR);
        assertThat(Language.choose("ja es", "de")).isEqualTo(Language.ES);
    }

    @Test
    void uiLocalesWhenNoSpokenLanguageThenAcceptLanguageDecides() {
        assertThat(Language.choose("ja zh-Hant", "de")).isEqualTo(Language.DE);
        assertThat(Language.choose("%%% ;;", "es")).isEqualTo(Language.ES);
    }

    @Test
    void headerWhenHugeThenOnlyItsStartIsRead() {
        String longList = "x-junk,".repeat(Language.MAX_ENTRIES) + "de";
        assertThat(Language.choose(null, longList)).isEqualTo(Language.EN);
        String hugeRange = "fr;q=0.1," + "a".repeat(100_000) + ",de";
        assertThat(Language.choose(null, hugeRange)).isEqualTo(Language.FR);
    }

    @Test
    void headerWhenCutInsideAnEntryThenThatEntryIsDropped() {
        String header = " ".repeat(Language.MAX_INPUT - 2) + ",dex";
        assertThat(header.substring(0, Language.MAX_INPUT)).endsWith(",d");
        assertThat(Language.choose(null, header)).isEqualTo(Language.EN);
        assertThat(Language.choose(header.replace(',', ' '), null)).isEqualTo(Language.EN);
    }

    @Test
    void anyInputWhenRandomThenAChoiceNeverAnError() {
        Random random = new Random(23);
        for (int i = 0; i < 5_000; i++) {
            char[] chars = new char[random.nextInt(3_000)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] = (char)
                        (random.nextBoolean() ? "de;q=,.- *01fr".charAt(random.nextInt(14)) : random.nextInt(0x3000));
            }
            String value = new String(chars);
            assertThat(Language.choose(value, value)).isNotNull();
        }
    }

    @Test
    void tagWhenAskedThenLowerCaseBcp47() {
        assertThat(Language.DE.tag()).isEqualTo("de");
        assertThat(Language.ES.locale().getLanguage()).isEqualTo("es");
    }
}
