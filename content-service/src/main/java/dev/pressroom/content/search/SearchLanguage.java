package dev.pressroom.content.search;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.ArabicStemmer;
import org.tartarus.snowball.ext.ArmenianStemmer;
import org.tartarus.snowball.ext.BasqueStemmer;
import org.tartarus.snowball.ext.CatalanStemmer;
import org.tartarus.snowball.ext.DanishStemmer;
import org.tartarus.snowball.ext.DutchStemmer;
import org.tartarus.snowball.ext.EnglishStemmer;
import org.tartarus.snowball.ext.FinnishStemmer;
import org.tartarus.snowball.ext.FrenchStemmer;
import org.tartarus.snowball.ext.GermanStemmer;
import org.tartarus.snowball.ext.GreekStemmer;
import org.tartarus.snowball.ext.HindiStemmer;
import org.tartarus.snowball.ext.HungarianStemmer;
import org.tartarus.snowball.ext.IndonesianStemmer;
import org.tartarus.snowball.ext.IrishStemmer;
import org.tartarus.snowball.ext.ItalianStemmer;
import org.tartarus.snowball.ext.LithuanianStemmer;
import org.tartarus.snowball.ext.NepaliStemmer;
import org.tartarus.snowball.ext.NorwegianStemmer;
import org.tartarus.snowball.ext.PortugueseStemmer;
import org.tartarus.snowball.ext.RomanianStemmer;
import org.tartarus.snowball.ext.RussianStemmer;
import org.tartarus.snowball.ext.SerbianStemmer;
import org.tartarus.snowball.ext.SpanishStemmer;
import org.tartarus.snowball.ext.SwedishStemmer;
import org.tartarus.snowball.ext.TamilStemmer;
import org.tartarus.snowball.ext.TurkishStemmer;
import org.tartarus.snowball.ext.YiddishStemmer;

/**
 * The PostgreSQL text search configuration for a blog's language (settings.lang, a BCP 47 tag): its stemmer and
 * stop words. Languages PostgreSQL has no configuration for get {@code simple} (lowercasing only, no stemming).
 * V3__full_text_search.sql applies the same table to rows imported before it. Each configuration's stemmer is the
 * Snowball algorithm its dictionary runs, for highlighting in Java (see Highlighter).
 */
// Snowball's Finnish, Hindi and Indonesian stemmers look some of their own methods up by name (MethodHandles) when
// their class initialises: a native image needs those methods registered.
@RegisterForReflection(targets = {FinnishStemmer.class, HindiStemmer.class, IndonesianStemmer.class})
public final class SearchLanguage {

    private static final Map<String, String> CONFIGS = Map.ofEntries(
            Map.entry("ar", "arabic"),
            Map.entry("hy", "armenian"),
            Map.entry("eu", "basque"),
            Map.entry("ca", "catalan"),
            Map.entry("da", "danish"),
            Map.entry("nl", "dutch"),
            Map.entry("en", "english"),
            Map.entry("fi", "finnish"),
            Map.entry("fr", "french"),
            Map.entry("de", "german"),
            Map.entry("el", "greek"),
            Map.entry("hi", "hindi"),
            Map.entry("hu", "hungarian"),
            Map.entry("id", "indonesian"),
            Map.entry("ga", "irish"),
            Map.entry("it", "italian"),
            Map.entry("lt", "lithuanian"),
            Map.entry("ne", "nepali"),
            Map.entry("no", "norwegian"),
            Map.entry("nb", "norwegian"),
            Map.entry("nn", "norwegian"),
            Map.entry("pt", "portuguese"),
            Map.entry("ro", "romanian"),
            Map.entry("ru", "russian"),
            Map.entry("sr", "serbian"),
            Map.entry("es", "spanish"),
            Map.entry("sv", "swedish"),
            Map.entry("ta", "tamil"),
            Map.entry("tr", "turkish"),
            Map.entry("yi", "yiddish"));

    /** Constructed directly (no lookup by name), so a native image sees every stemmer it needs. */
    private static final Map<String, Supplier<SnowballStemmer>> STEMMERS = Map.ofEntries(
            Map.entry("arabic", ArabicStemmer::new), Map.entry("armenian", ArmenianStemmer::new),
            Map.entry("basque", BasqueStemmer::new), Map.entry("catalan", CatalanStemmer::new),
            Map.entry("danish", DanishStemmer::new), Map.entry("dutch", DutchStemmer::new),
            Map.entry("english", EnglishStemmer::new), Map.entry("finnish", FinnishStemmer::new),
            Map.entry("french", FrenchStemmer::new), Map.entry("german", GermanStemmer::new),
            Map.entry("greek", GreekStemmer::new), Map.entry("hindi", HindiStemmer::new),
            Map.entry("hungarian", HungarianStemmer::new), Map.entry("indonesian", IndonesianStemmer::new),
            Map.entry("irish", IrishStemmer::new), Map.entry("italian", ItalianStemmer::new),
            Map.entry("lithuanian", LithuanianStemmer::new), Map.entry("nepali", NepaliStemmer::new),
            Map.entry("norwegian", NorwegianStemmer::new), Map.entry("portuguese", PortugueseStemmer::new),
            Map.entry("romanian", RomanianStemmer::new), Map.entry("russian", RussianStemmer::new),
            Map.entry("serbian", SerbianStemmer::new), Map.entry("spanish", SpanishStemmer::new),
            Map.entry("swedish", SwedishStemmer::new), Map.entry("tamil", TamilStemmer::new),
            Map.entry("turkish", TurkishStemmer::new), Map.entry("yiddish", YiddishStemmer::new));

    /**
     * Configurations whose stemmer only rewrites endings: a word's stem keeps its first two characters (words under
     * three characters are left as they are). Others strip prefixes (arabic, indonesian, irish, yiddish), fold
     * accents or umlauts anywhere (german, spanish, dutch, catalan) or transliterate (serbian).
     */
    private static final Set<String> STEM_KEEPS_START = Set.of("english", "danish", "norwegian", "swedish");

    private SearchLanguage() {}

    /** {@code en-GB} → english, {@code pt-BR} → portuguese, {@code ja} → simple. */
    public static String config(String lang) {
        if (lang == null) {
            return "simple";
        }
        String primary = lang.split("-", 2)[0].toLowerCase(Locale.ROOT);
        return CONFIGS.getOrDefault(primary, "simple");
    }

    /** A new stemmer for a configuration (Snowball stemmers keep state: one per thread), or null for simple. */
    static SnowballStemmer stemmer(String config) {
        Supplier<SnowballStemmer> stemmer = STEMMERS.get(config);
        return stemmer == null ? null : stemmer.get();
    }

    /** Whether the configuration's stems start with the first two characters of their words (see STEM_KEEPS_START). */
    static boolean stemKeepsStart(String config) {
        return STEM_KEEPS_START.contains(config);
    }
}
