package dev.pressroom.manifest.validation;

/** What each schema pattern means, in words, for the person who has to fix the value. */
final class PatternHints {

    private PatternHints() {}

    static String forPointer(String pointer) {
        if (pointer.equals("/id") || pointer.equals("/ui/nav/icon")) {
            return "use lowercase letters a-z and digits 0-9 in words joined by single dashes (e.g. my-addon)";
        }
        if (pointer.startsWith("/tags/")) {
            return "a tag is 1 to 24 characters of a-z, 0-9 and -";
        }
        if (pointer.equals("/currency")) {
            return "use three uppercase letters A-Z (e.g. EUR)";
        }
        return "it does not match the pattern of the schema";
    }
}
