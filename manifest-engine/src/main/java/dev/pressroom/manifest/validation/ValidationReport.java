package dev.pressroom.manifest.validation;

import java.util.List;

/** The outcome: every error and warning found, and, when there is no error, the manifest's identity. */
public record ValidationReport(ManifestSummary manifest, List<Violation> errors, List<Violation> warnings) {

    public ValidationReport {
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
    }

    public boolean valid() {
        return errors.isEmpty();
    }
}
