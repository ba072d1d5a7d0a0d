package dev.pressroom.content.search;

import dev.pressroom.kernel.error.ApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The words of {@code ?search=}, made into tsquery text without ever passing user syntax through: the input is
 * split into runs of letters, marks and digits (so no operator, quote, colon or parenthesis survives), each word is quoted,
 * the words are joined with AND, and the last one matches as a prefix (search as you type).
 */
public record SearchQuery(List<String> words) {

    public static final int MAX_LENGTH = 200;
    public static final int MAX_WORDS = 10;
    /** Not letters, combining marks (Indic vowel signs are part of their word for PostgreSQL's parser) or digits. */
    private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{M}\\p{N}]+");
    /** A word longer than this is no word (PostgreSQL's parser limit is 2 KB; nothing real comes near). */
    private static final int MAX_WORD = 60;

    private static final int PROBE_LENGTH = 5;

    public SearchQuery {
        words = List.copyOf(words);
    }

    public static SearchQuery parse(String text) {
        if (text.length() > MAX_LENGTH) {
            throw invalid("search is at most " + MAX_LENGTH + " characters");
        }
        List<String> words = new ArrayList<>();
        for (String word : SEPARATORS.split(text.toLowerCase(Locale.ROOT), -1)) {
            if (!word.isEmpty()) {
                if (word.length() > MAX_WORD) {
                    throw invalid("search words are at most " + MAX_WORD + " characters");
                }
                words.add(word);
            }
        }
        if (words.isEmpty()) {
            throw invalid("search needs at least one word (letters or digits)");
        }
        if (words.size() > MAX_WORDS) {
            throw invalid("search takes at most " + MAX_WORDS + " words");
        }
        return new SearchQuery(words);
    }

    /** Text for to_tsquery: {@code 'roasted' & 'tomato':*}. Words hold only letters and digits, so quoting is safe. */
    public String tsquery() {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < words.size(); i++) {
            query.append(i == 0 ? "" : " & ").append('\'').append(words.get(i)).append('\'');
        }
        return query.append(":*").toString();
    }

    /**
     * Where a snippet should come from: the first letters of the longest (most telling) word, which the stemmed forms
     * in the text usually start with ("roast" of roasting, roasted). Only a locator: matching stays with the tsquery.
     */
    public String probe() {
        String longest =
                words.stream().reduce((a, b) -> b.length() > a.length() ? b : a).orElseThrow();
        return longest.substring(0, Math.min(PROBE_LENGTH, longest.length()));
    }

    /** Canonical form for ETags and the answer cache (two spellings of the same words are one answer). */
    public String canonical() {
        return String.join(" ", words);
    }

    private static ApiException invalid(String message) {
        return ApiException.badRequest("invalid_parameter", message);
    }
}
