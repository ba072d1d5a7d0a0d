package dev.pressroom.manifest.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pressroom.manifest.validation.Violation;

/**
 * One error or warning in the JSON report. {@code pointer}, {@code line} and {@code column} are null for
 * problems of the package itself (not inside manifest.json); {@code suggestion}, the key or value probably meant,
 * is present only when there is one ("did you mean").
 */
public record ProblemResponse(
        String file,
        String pointer,
        String rule,
        String message,
        Integer line,
        Integer column,
        @JsonInclude(JsonInclude.Include.NON_NULL) String suggestion) {

    static ProblemResponse of(Violation v) {
        return new ProblemResponse(
                v.file(), v.pointer(), v.rule().id(), v.message(), v.line(), v.column(), v.suggestion());
    }
}
