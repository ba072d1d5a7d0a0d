package dev.pressroom.manifest.validation;

import java.util.Collection;
import java.util.Locale;

/**
 * "Did you mean": the one allowed word a typo most likely stands for. Words are compared after folding case and
 * spelling styles ({@code minServerVersion}, {@code min-server-version} and {@code min_server_version} are the
 * same), by Damerau-Levenshtein distance (optimal string alignment: a swapped pair of letters is one edit) with a
 * cut-off that grows with the word's length. A word that only adds to an allowed one ({@code entryFile},
 * {@code compatability}) or stops short of it ({@code desc}) counts too, but below any edit-distance match.
 * Two equally good candidates give no suggestion: a guess between two would mislead as often as help.
 */
final class Suggestions {

    /** Prefix matches need this many characters in the shorter word; "ab" is no evidence of anything. */
    private static final int MIN_PREFIX = 3;
    /** Longer inputs are never typos of our short keys; this also bounds the quadratic distance table. */
    private static final int MAX_LENGTH = 40;
    /** The score of a prefix match: worse than any edit distance within a cut-off. */
    private static final int PREFIX_MATCH = MAX_LENGTH + 1;

    private Suggestions() {}

    /** The candidate {@code typed} most likely stands for, or null when none is close or two are equally close. */
    static String closest(String typed, Collection<String> candidates) {
        if (typed.isEmpty() || typed.length() > MAX_LENGTH) {
            return null;
        }
        String folded = fold(typed);
        String best = null;
        int bestScore = Integer.MAX_VALUE;
        boolean tie = false;
        for (String candidate : candidates) {
            if (candidate.equals(typed)) {
                continue;
            }
            int score = score(folded, fold(candidate));
            if (score < bestScore) {
                best = candidate;
                bestScore = score;
                tie = false;
            } else if (score == bestScore && score != Integer.MAX_VALUE) {
                tie = true;
            }
        }
        return best == null || tie || bestScore == Integer.MAX_VALUE ? null : best;
    }

    /**
     * Lower is closer: the edit distance when within the cut-off, then prefix matches, all alike (two of them are a
     * tie), after every edit match; {@link Integer#MAX_VALUE} when not close at all.
     */
    private static int score(String typed, String candidate) {
        int distance = distance(typed, candidate);
        if (distance <= cutOff(Math.max(typed.length(), candidate.length()))) {
            return distance;
        }
        boolean typedShorter = typed.length() < candidate.length();
        String shorter = typedShorter ? typed : candidate;
        String longer = typedShorter ? candidate : typed;
        if (shorter.length() >= MIN_PREFIX && longer.startsWith(shorter)) {
            return PREFIX_MATCH;
        }
        return Integer.MAX_VALUE;
    }

    /** One edit in words up to 4 characters, two up to 8, three beyond: "kind"/"mind" yes, "id"/"ui" no more. */
    static int cutOff(int length) {
        return length <= 2 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3;
    }

    /** Case, camelCase humps and the separators - _ and space fold to one spelling. */
    static String fold(String word) {
        StringBuilder out = new StringBuilder(word.length() + 4);
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if (Character.isUpperCase(ch) && i > 0 && Character.isLowerCase(word.charAt(i - 1))) {
                out.append('_');
            }
            out.append(ch == '-' || ch == ' ' ? '_' : ch);
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    /** Damerau-Levenshtein distance, optimal string alignment variant. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
