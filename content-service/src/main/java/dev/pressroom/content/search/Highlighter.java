package dev.pressroom.content.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tartarus.snowball.SnowballStemmer;

/**
 * The search_highlight of a result: up to two fragments of text around the words that match a search, as safe HTML.
 * It does in Java what ts_headline did in PostgreSQL (which re-parsed and stemmed its whole input on every row):
 * the text is split into words (runs of letters, marks and digits), a word holding a digit is only lowercased (the
 * configurations' simple dictionary for numbers), any other is lowercased and stemmed with the configuration's
 * Snowball stemmer (the algorithm of its PostgreSQL dictionary), and it matches when it equals a lexeme of the
 * normalised tsquery, or starts with a prefix lexeme ({@code :*}, the search-as-you-type word). Stop words need
 * nothing: to_tsquery drops them, so they are never lexemes.
 *
 * <p>Fragments (ts_headline's MaxFragments=2, MaxWords=24, MinWords=10): the span of at most 24 words with the most
 * distinct lexemes (then the most matches) is stretched evenly to 24 words; a second span with a match outside it
 * follows, in text order, joined by {@code " … "}. With no match, the text's first 10 words.
 *
 * <p>Everything is HTML-escaped and the only markup is our own {@code <mark>} around matches. Not thread-safe
 * (a stemmer keeps state): one per answer.
 */
public final class Highlighter {

    static final int MAX_FRAGMENTS = 2;
    static final int MAX_WORDS = 24;
    static final int MIN_WORDS = 10;
    static final String DELIMITER = " … ";

    /** A lexeme of tsquery text as PostgreSQL prints it: 'it''s':* (quotes doubled inside, optional prefix flag). */
    private static final Pattern LEXEME = Pattern.compile("'((?:[^']|'')*)'(:[*A-D]+)?");
    /** How many first characters the prefilter compares (see SearchLanguage.stemKeepsStart). */
    private static final int KEPT_START = 2;

    private final List<String> lexemes = new ArrayList<>();
    private final List<Boolean> prefix = new ArrayList<>();
    /** Each lexeme's first KEPT_START characters (fewer for a shorter lexeme), for the prefilter. */
    private final String[] starts;

    private final SnowballStemmer stemmer;
    private final boolean stemKeepsStart;

    /**
     * @param config the blog's text search configuration (SearchLanguage.config)
     * @param tsquery the search's tsquery as PostgreSQL normalised it ({@code to_tsquery(config, ...)::text}, e.g.
     *                {@code 'roast' & 'tomato':*}): its lexemes are already stemmed and free of stop words
     */
    public Highlighter(String config, String tsquery) {
        Matcher m = LEXEME.matcher(tsquery);
        while (m.find()) {
            lexemes.add(m.group(1).replace("''", "'"));
            prefix.add(m.group(2) != null && m.group(2).contains("*"));
        }
        this.starts = lexemes.stream()
                .map(l -> l.substring(0, Math.min(KEPT_START, l.length())))
                .toArray(String[]::new);
        this.stemmer = SearchLanguage.stemmer(config);
        this.stemKeepsStart = SearchLanguage.stemKeepsStart(config);
    }

    /** The highlight of a text: HTML with {@code <mark>} around matched words. */
    public String toHtml(String text) {
        Words words = words(text);
        List<int[]> fragments = fragments(words);
        StringBuilder html = new StringBuilder(MAX_FRAGMENTS * MAX_WORDS * 8);
        for (int[] fragment : fragments) {
            if (html.length() > 0) {
                html.append(DELIMITER);
            }
            appendFragment(html, text, words, fragment[0], fragment[1]);
        }
        return html.toString();
    }

    /** The words of a text: where each starts and ends, which lexeme it matches (-1: none), and the matched ones. */
    // Parallel int arrays, private to this class and never compared: the cheapest table of a text's words.
    @SuppressWarnings("ArrayRecordComponent")
    private record Words(int count, int[] starts, int[] ends, int[] lexemes, int[] matched, int matchCount) {
        boolean isMatched(int i) {
            return lexemes[i] >= 0;
        }
    }

    private Words words(String text) {
        int capacity = Math.max(16, text.length() / 5);
        int[] starts = new int[capacity];
        int[] ends = new int[capacity];
        int[] matches = new int[capacity];
        int[] matched = new int[capacity];
        int count = 0;
        int matchCount = 0;
        int i = 0;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            if (!isWordChar(c)) {
                i += Character.charCount(c);
                continue;
            }
            int start = i;
            boolean digit = false;
            while (i < text.length()) {
                int w = text.codePointAt(i);
                if (!isWordChar(w)) {
                    break;
                }
                digit |= Character.isDigit(w);
                i += Character.charCount(w);
            }
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                ends = Arrays.copyOf(ends, count * 2);
                matches = Arrays.copyOf(matches, count * 2);
                matched = Arrays.copyOf(matched, count * 2);
            }
            starts[count] = start;
            ends[count] = i;
            matches[count] = match(text, start, i, digit);
            if (matches[count] >= 0) {
                matched[matchCount++] = count;
            }
            count++;
        }
        return new Words(count, starts, ends, matches, matched, matchCount);
    }

    /** Letters, marks (the vowel signs of Indic scripts) and numbers: the characters SearchQuery keeps in words. */
    private static boolean isWordChar(int c) {
        if (c < 0x80) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        }
        return switch (Character.getType(c)) {
            case Character.UPPERCASE_LETTER,
                    Character.LOWERCASE_LETTER,
                    Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER,
                    Character.OTHER_LETTER,
                    Character.NON_SPACING_MARK,
                    Character.COMBINING_SPACING_MARK,
                    Character.ENCLOSING_MARK,
                    Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER,
                    Character.OTHER_NUMBER -> true;
            default -> false;
        };
    }

    /** The index of the lexeme the word text[start, end) matches, or -1. */
    private int match(String text, int start, int end, boolean digit) {
        boolean stemmed = stemmer != null && !digit;
        // Cheap first: most words share no start with a lexeme, and then neither they nor their stems can be one.
        if ((!stemmed || stemKeepsStart) && !anyLexemeStartsLike(text, start, end)) {
            return -1;
        }
        String word = text.substring(start, end).toLowerCase(Locale.ROOT);
        if (!stemmed) {
            return lexemeOf(word);
        }
        stemmer.setCurrent(word);
        stemmer.stem();
        return lexemeOf(stemmer.getCurrent());
    }

    private int lexemeOf(String lexeme) {
        for (int i = 0; i < lexemes.size(); i++) {
            String candidate = lexemes.get(i);
            if (prefix.get(i) ? lexeme.startsWith(candidate) : lexeme.equals(candidate)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether some lexeme starts with the lowercased first characters of the word text[start, end). */
    private boolean anyLexemeStartsLike(String text, int start, int end) {
        char first = Character.toLowerCase(text.charAt(start));
        for (String lexemeStart : starts) {
            if (lexemeStart.charAt(0) == first
                    && (lexemeStart.length() == 1
                            || (end - start > 1
                                    && lexemeStart.charAt(1) == Character.toLowerCase(text.charAt(start + 1))))) {
                return true;
            }
        }
        return false;
    }

    /** Up to MAX_FRAGMENTS [first, last] word ranges, in text order. */
    private static List<int[]> fragments(Words words) {
        List<int[]> chosen = new ArrayList<>(MAX_FRAGMENTS);
        if (words.count == 0) {
            return chosen;
        }
        for (int f = 0; f < MAX_FRAGMENTS; f++) {
            int[] best = bestSpan(words, chosen);
            if (best == null) {
                break;
            }
            chosen.add(stretch(best, words.count, chosen));
        }
        if (chosen.isEmpty()) {
            chosen.add(new int[] {0, Math.min(words.count, MIN_WORDS) - 1});
        }
        chosen.sort((a, b) -> Integer.compare(a[0], b[0]));
        return chosen;
    }

    /**
     * The span from a matched word to the last match within MAX_WORDS words of it with the most distinct lexemes,
     * then the most matches (the first of equals), among the spans outside the fragments already chosen; null if none.
     */
    private static int[] bestSpan(Words words, List<int[]> chosen) {
        int[] best = null;
        int bestDistinct = 0;
        int bestMatches = 0;
        for (int k = 0; k < words.matchCount; k++) {
            int first = words.matched[k];
            if (inside(first, chosen)) {
                continue;
            }
            int limit = Math.min(first + MAX_WORDS, nextFragmentStart(first, chosen));
            long seen = 0;
            int matches = 0;
            int last = first;
            for (int j = k; j < words.matchCount && words.matched[j] < limit; j++) {
                last = words.matched[j];
                seen |= 1L << (words.lexemes[last] & 63);
                matches++;
            }
            int distinct = Long.bitCount(seen);
            if (distinct > bestDistinct || (distinct == bestDistinct && matches > bestMatches)) {
                best = new int[] {first, last};
                bestDistinct = distinct;
                bestMatches = matches;
            }
        }
        return best;
    }

    /** A span grown to MAX_WORDS words, evenly on both sides, within the text and outside the chosen fragments. */
    private static int[] stretch(int[] span, int count, List<int[]> chosen) {
        int low = 0;
        int high = count - 1;
        for (int[] fragment : chosen) {
            if (fragment[1] < span[0]) {
                low = Math.max(low, fragment[1] + 1);
            } else {
                high = Math.min(high, fragment[0] - 1);
            }
        }
        int spare = MAX_WORDS - (span[1] - span[0] + 1);
        int first = Math.max(low, span[0] - spare / 2);
        int last = Math.min(high, first + MAX_WORDS - 1);
        first = Math.max(low, last - MAX_WORDS + 1);
        return new int[] {first, last};
    }

    /** Where the first chosen fragment after a word starts (Integer.MAX_VALUE: none). */
    private static int nextFragmentStart(int word, List<int[]> fragments) {
        int next = Integer.MAX_VALUE;
        for (int[] fragment : fragments) {
            if (fragment[0] > word) {
                next = Math.min(next, fragment[0]);
            }
        }
        return next;
    }

    private static boolean inside(int word, List<int[]> fragments) {
        for (int[] fragment : fragments) {
            if (word >= fragment[0] && word <= fragment[1]) {
                return true;
            }
        }
        return false;
    }

    /** The text from the first word's start to the last word's end, escaped, with matched words marked. */
    private static void appendFragment(StringBuilder html, String text, Words words, int first, int last) {
        int at = words.starts[first];
        for (int i = first; i <= last; i++) {
            escape(html, text, at, words.starts[i]);
            if (words.isMatched(i)) {
                html.append("<mark>");
                escape(html, text, words.starts[i], words.ends[i]);
                html.append("</mark>");
            } else {
                escape(html, text, words.starts[i], words.ends[i]);
            }
            at = words.ends[i];
        }
    }

    /** HTML-escapes text[from, to); control characters other than newline and tab are dropped. */
    private static void escape(StringBuilder html, String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> html.append("&lt;");
                case '>' -> html.append("&gt;");
                case '&' -> html.append("&amp;");
                case '"' -> html.append("&quot;");
                case '\'' -> html.append("&#39;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t') {
                        html.append(c);
                    }
                }
            }
        }
    }
}
