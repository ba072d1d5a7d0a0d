package dev.pressroom.manifest.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pressroom.manifest.validation.ManifestSummary;
import dev.pressroom.manifest.validation.ValidationReport;
import java.util.List;

/**
 * The JSON report: {@code {"valid": true, "manifest": {...}, "warnings": [...]}} or
 * {@code {"valid": false, "errors": [...], "warnings": [...]}}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ValidationResponse(
        boolean valid, ManifestSummary manifest, List<ProblemResponse> errors, List<ProblemResponse> warnings) {

    public static ValidationResponse of(ValidationReport report) {
        List<ProblemResponse> warnings =
                report.warnings().stream().map(ProblemResponse::of).toList();
        if (report.valid()) {
            return new ValidationResponse(true, report.manifest(), null, warnings);
        }
        return new ValidationResponse(
                false, null, report.errors().stream().map(ProblemResponse::of).toList(), warnings);
    }
}
