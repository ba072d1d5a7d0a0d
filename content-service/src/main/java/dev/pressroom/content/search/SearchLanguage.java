package dev.pressroom.content.search;

import java.util.Locale;
import java.util.Map;

/**
 * The PostgreSQL text search configuration for a blog's language (settings.lang, a BCP 47 tag): its stemmer and
 * stop words. Languages PostgreSQL has no configuration for get {@code simple} (lowercasing only, no stemming).
 * V3__full_text_search.sql applies the same table to rows imported before it.
 */
public final class SearchLanguage {

    private static final Map<String, String> CONFIGS = Map.ofEntries(Map.entry("ar", "arabic"),
            Map.entry("hy", "armenian"), Map.entry("eu", "basque"), Map.entry("ca", "catalan"), Map.entry("da", "danish"),
            Map.entry("nl", "dutch"), Map.entry("en", "english"), Map.entry("fi", "finnish"), Map.entry("fr", "french"),
            Map.entry("de", "german"), Map.entry("el", "greek"), Map.entry("hi", "hindi"), Map.entry("hu", "hungarian"),
            Map.entry("id", "indonesian"), Map.entry("ga", "irish"), Map.entry("it", "italian"),
            Map.entry("lt", "lithuanian"), Map.entry("ne", "nepali"), Map.entry("no", "norwegian"),
            Map.entry("nb", "norwegian"), Map.entry("nn", "norwegian"), Map.entry("pt", "portuguese"),
            Map.entry("ro", "romanian"), Map.entry("ru", "russian"), Map.entry("sr", "serbian"), Map.entry("es", "spanish"),
            Map.entry("sv", "swedish"), Map.entry("ta", "tamil"), Map.entry("tr", "turkish"), Map.entry("yi", "yiddish"));

    private SearchLanguage() {
    }

    /** {@code en-GB} → english, {@code pt-BR} → portuguese, {@code ja} → simple. */
    public static String config(String lang) {
        if (lang == null) {
            return "simple";
        }
        String primary = lang.split("-", 2)[0].toLowerCase(Locale.ROOT);
        return CONFIGS.getOrDefault(primary, "simple");
    }
}
