package dev.pressroom.manifest.validation;

import java.util.Objects;

/**
 * One problem. {@code file} is the file it is about ("manifest.json", a zip entry name, or the package itself);
 * {@code pointer} is an RFC 6901 JSON Pointer into manifest.json (null when the problem is not inside it);
 * {@code line}/{@code column} are 1-based, the column counted in Unicode code points (null when not in a text);
 * {@code suggestion} is the key or value probably meant ("did you mean", already part of the message), or null.
 */
public record Violation(
        Severity severity,
        Rule rule,
        String file,
        String pointer,
        String message,
        Integer line,
        Integer column,
        String suggestion) {

    public Violation {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }
}
