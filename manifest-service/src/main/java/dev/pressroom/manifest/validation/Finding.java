package dev.pressroom.manifest.validation;

/**
 * A violation before it has a line and column. {@code offset} is a byte offset when the reader knows it
 * (syntax errors), or null to locate the finding by its pointer in the parsed document.
 */
record Finding(Severity severity, Rule rule, String pointer, String message, Long offset) {

    static Finding error(Rule rule, String pointer, String message) {
        return new Finding(Severity.ERROR, rule, pointer, message, null);
    }

    static Finding errorAt(Rule rule, String pointer, String message, long offset) {
        return new Finding(Severity.ERROR, rule, pointer, message, offset);
    }

    static Finding warning(Rule rule, String pointer, String message) {
        return new Finding(Severity.WARNING, rule, pointer, message, null);
    }
}
