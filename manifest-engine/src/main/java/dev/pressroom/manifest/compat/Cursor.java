package dev.pressroom.manifest.compat;

/**
 * Hand-written scanning of SemVer 2.0.0 pieces. No regular expressions: Java's {@code $} also matches before
 * a final newline, and every character here must be accounted for.
 */
final class Cursor {

    final String text;
    int pos;

    Cursor(String text) {
        this.text = text;
    }

    boolean atEnd() {
        return pos >= text.length();
    }

    char peek() {
        return atEnd() ? '\0' : text.charAt(pos);
    }

    boolean startsWith(String s) {
        return text.startsWith(s, pos);
    }

    /** 1-based character position for messages. */
    int column() {
        return text.codePointCount(0, Math.min(pos, text.length())) + 1;
    }

    SemverException error(String what) {
        String found = atEnd() ? "end of text" : "'" + describe(text.codePointAt(pos)) + "'";
        return new SemverException(what + " at character " + column() + " (found " + found + ")");
    }

    private static String describe(int cp) {
        if (cp == ' ') {
            return "space";
        }
        if (cp < 0x20 || cp == 0x7F || Character.isWhitespace(cp) || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return String.format("U+%04X", cp);
        }
        return new String(Character.toChars(cp));
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isIdentifierChar(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
    }

    /** A numeric part: "0" or a digit 1-9 followed by digits (SemVer §2: no leading zeros). Returns the digits. */
    String numericPart(String what) throws SemverException {
        int start = pos;
        while (!atEnd() && isDigit(peek())) {
            pos++;
        }
        if (pos == start) {
            throw error("Expected the " + what + " number");
        }
        if (pos - start > 1 && text.charAt(start) == '0') {
            pos = start;
            throw error("The " + what + " number has a leading zero");
        }
        return text.substring(start, pos);
    }

    /** Dot-separated identifiers after '-' (prerelease, no leading zeros in numeric ones) or '+' (build). */
    String identifiers(boolean prerelease) throws SemverException {
        int start = pos;
        String what = prerelease ? "prerelease identifier" : "build identifier";
        while (true) {
            int idStart = pos;
            boolean numeric = true;
            while (!atEnd() && isIdentifierChar(peek())) {
                numeric &= isDigit(peek());
                pos++;
            }
            if (pos == idStart) {
                throw error("Expected a " + what + " ([0-9A-Za-z-]+)");
            }
            if (prerelease && numeric && pos - idStart > 1 && text.charAt(idStart) == '0') {
                pos = idStart;
                throw error("The numeric prerelease identifier has a leading zero");
            }
            if (peek() != '.') {
                return text.substring(start, pos);
            }
            pos++;
        }
    }

    static long toLong(String digits, String what) throws SemverException {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new SemverException(
                    "The " + what + " number " + digits + " is too large (at most " + Long.MAX_VALUE + ")");
        }
    }
}
