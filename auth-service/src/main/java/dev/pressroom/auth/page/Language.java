package dev.pressroom.auth.page;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The languages the pages speak, and the choice among them (README, "Languages"): OIDC Core §3.1.2.1 ui_locales
 * first, then Accept-Language (RFC 9110 §12.5.4) by q-value, else English. Both come from the person's browser or
 * an app, so they are read leniently: a value of any size or shape chooses a language or is ignored, never an error.
 */
public enum Language {
    EN,
    DE,
    FR,
    ES;

    /** Longer headers are read only this far: real browsers send well under 200 characters. */
    static final int MAX_INPUT = 1024;

    /** Only the first ranges or tags count; the rest of a long list cannot change the choice much. */
    static final int MAX_ENTRIES = 32;

    /** RFC 4647 §2.1 language range (RFC 5646 tags are a subset), or the wildcard. */
    private static final Pattern RANGE = Pattern.compile("\\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*");

    /** RFC 9110 §12.4.2 qvalue. */
    private static final Pattern QVALUE = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

    /** The BCP 47 tag: the pages' {@code <html lang>} and the message bundle's locale. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }

    public Locale locale() {
        return Locale.forLanguageTag(tag());
    }

    /** ui_locales, when it names a language the pages speak, beats Accept-Language. */
    public static Language choose(String uiLocales, String acceptLanguage) {
        return fromUiLocales(uiLocales)
                .or(() -> fromAcceptLanguage(acceptLanguage))
                .orElse(EN);
    }

    /** OIDC Core §3.1.2.1: space-separated BCP 47 tags, most preferred first. */
    public static Optional<Language> fromUiLocales(String uiLocales) {
        if (uiLocales == null) {
            return Optional.empty();
        }
        return firstSpoken(List.of(capped(uiLocales).split(" ")).stream()
                .limit(MAX_ENTRIES)
                .toList());
    }

    /**
     * RFC 9110 §12.5.4: ranges in order of q-value (equal ones keep their order); q=0 means "not this one". Ranges
     * or q-values that are malformed are skipped, the rest still count.
     */
    public static Optional<Language> fromAcceptLanguage(String header) {
        if (header == null) {
            return Optional.empty();
        }
        List<Weighted> ranges = new ArrayList<>();
        String[] entries = capped(header).split(",", -1);
        for (int i = 0; i < entries.length && ranges.size() < MAX_ENTRIES; i++) {
            Weighted range = weighted(entries[i]);
            if (range != null && range.q() > 0) {
                ranges.add(range);
            }
        }
        ranges.sort(Comparator.comparingDouble(Weighted::q).reversed());
        return firstSpoken(ranges.stream().map(Weighted::range).toList());
    }

    private record Weighted(String range, double q) {}

    private static Weighted weighted(String entry) {
        String[] parts = entry.split(";", -1);
        String range = parts[0].trim();
        if (!RANGE.matcher(range).matches()) {
            return null;
        }
        double q = 1;
        for (int i = 1; i < parts.length; i++) {
            String param = parts[i].trim();
            if (param.length() < 2 || !param.substring(0, 2).equalsIgnoreCase("q=")) {
                continue;
            }
            String value = param.substring(2);
            if (!QVALUE.matcher(value).matches()) {
                return null;
            }
            q = Double.parseDouble(value);
        }
        return new Weighted(range, q);
    }

    /** The first tag or range whose primary subtag is a language spoken here ("de-CH" is German, "*" none). */
    private static Optional<Language> firstSpoken(List<String> tags) {
        for (String tag : tags) {
            if (!RANGE.matcher(tag).matches()) {
                continue;
            }
            String primary = tag.split("-", 2)[0].toUpperCase(Locale.ROOT);
            for (Language language : values()) {
                if (language.name().equals(primary)) {
                    return Optional.of(language);
                }
            }
        }
        return Optional.empty();
    }

    /** Cut at MAX_INPUT, dropping the entry cut short there, so that "dex" cut to "de" does not choose German. */
    private static String capped(String value) {
        if (value.length() <= MAX_INPUT) {
            return value;
        }
        String head = value.substring(0, MAX_INPUT);
        return head.substring(0, Math.max(0, Math.max(head.lastIndexOf(' '), head.lastIndexOf(','))));
    }
}
