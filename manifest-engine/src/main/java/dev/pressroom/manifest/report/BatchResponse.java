package dev.pressroom.manifest.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pressroom.manifest.validation.ManifestSummary;
import java.util.List;

/**
 * The JSON report of a batch: {@code {"valid": false, "summary": {...}, "results": [{"input": "...", "valid": ...,
 * "errors": [...], "warnings": [...]}, ...]}}; each result is a single report with the name of its input.
 */
public record BatchResponse(boolean valid, BatchSummary summary, List<Result> results) {

    /** One package's report, as {@link ValidationResponse} has it, with the input it came from. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Result(
            String input,
            boolean valid,
            ManifestSummary manifest,
            List<ProblemResponse> errors,
            List<ProblemResponse> warnings) {}

    public static BatchResponse of(BatchReport batch) {
        List<Result> results = batch.items().stream()
                .map(item -> {
                    ValidationResponse r = ValidationResponse.of(item.report());
                    return new Result(item.input(), r.valid(), r.manifest(), r.errors(), r.warnings());
                })
                .toList();
        return new BatchResponse(batch.valid(), batch.summary(), results);
    }
}
