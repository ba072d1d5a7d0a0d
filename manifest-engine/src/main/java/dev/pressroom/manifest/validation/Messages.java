package dev.pressroom.manifest.validation;

/** Puts user-supplied text into messages safely: bounded, quoted, control characters and lone surrogates escaped. */
final class Messages {

    private static final int MAX_QUOTED = 60;

    private Messages() {}

    static String quote(String value) {
        StringBuilder out = new StringBuilder(Math.min(value.length(), MAX_QUOTED) + 8).append('"');
        int count = 0;
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            if (++count > MAX_QUOTED) {
                out.append('…');
                break;
            }
            if (cp < 0x20 || cp == 0x7F || cp == '"' || cp == '\\' || (cp >= 0xD800 && cp <= 0xDFFF)) {
                out.append(cp == '"' ? "\\\"" : cp == '\\' ? "\\\\" : String.format("\\u%04X", cp));
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out.append('"').toString();
    }

    /** " Did you mean \"x\"?" for a suggestion, or nothing. */
    static String didYouMean(String suggestion) {
        return suggestion == null ? "" : " Did you mean " + quote(suggestion) + "?";
    }

    static String truncate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "…";
    }
}
