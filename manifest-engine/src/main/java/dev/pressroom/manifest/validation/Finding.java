package dev.pressroom.manifest.validation;

/**
 * A violation before it has a line and column. {@code offset} is a byte offset when the reader knows it
 * (syntax errors), or null to locate the finding by its pointer in the parsed document. {@code suggestion} is the
 * value or key probably meant ("did you mean"), or null.
 */
record Finding(Severity severity, Rule rule, String pointer, String message, Long offset, String suggestion) {

    static Finding error(Rule rule, String pointer, String message) {
        return new Finding(Severity.ERROR, rule, pointer, message, null, null);
    }

    /** An error whose message ends with "Did you mean ...?" when {@code suggestion} is not null. */
    static Finding error(Rule rule, String pointer, String message, String suggestion) {
        return new Finding(Severity.ERROR, rule, pointer, message + Messages.didYouMean(suggestion), null, suggestion);
    }

    static Finding errorAt(Rule rule, String pointer, String message, long offset) {
        return new Finding(Severity.ERROR, rule, pointer, message, offset, null);
    }

    static Finding warning(Rule rule, String pointer, String message) {
        return new Finding(Severity.WARNING, rule, pointer, message, null, null);
    }
}
