package dev.pressroom.manifest.api;

import dev.pressroom.manifest.validation.Violation;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One error or warning in the JSON report. {@code pointer}, {@code line} and {@code column} are null for
 * problems of the package itself (not inside manifest.json).
 */
@RegisterForReflection
public record ProblemResponse(String file, String pointer, String rule, String message, Integer line, Integer column) {

    static ProblemResponse of(Violation v) {
        return new ProblemResponse(v.file(), v.pointer(), v.rule().id(), v.message(), v.line(), v.column());
    }
}
