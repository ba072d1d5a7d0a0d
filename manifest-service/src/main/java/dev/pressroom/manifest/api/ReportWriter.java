package dev.pressroom.manifest.api;

import dev.pressroom.manifest.report.BatchReport;
import dev.pressroom.manifest.report.BatchResponse;
import dev.pressroom.manifest.report.BatchSummary;
import dev.pressroom.manifest.report.ProblemResponse;
import dev.pressroom.manifest.report.ReportFormat;
import dev.pressroom.manifest.report.Reports;
import dev.pressroom.manifest.report.ValidationResponse;
import dev.pressroom.manifest.validation.ManifestSummary;
import dev.pressroom.manifest.validation.ValidationReport;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.core.Response;

/**
 * Maps a report to the answer: 200 when valid, 422 when not, in the negotiated format, rendered by the engine as the
 * CLI renders it. The engine's JSON records are serialized by reflection, hence their registration for native.
 */
@RegisterForReflection(
        targets = {
            ValidationResponse.class,
            ProblemResponse.class,
            ManifestSummary.class,
            BatchResponse.class,
            BatchResponse.Result.class,
            BatchSummary.class
        })
final class ReportWriter {

    private ReportWriter() {}

    static Response write(ValidationReport report, ReportFormat format) {
        return answer(report.valid(), Reports.render(report, format), format);
    }

    /** 200 when every package of the batch is valid, 422 when one is not. */
    static Response write(BatchReport batch, ReportFormat format) {
        return answer(batch.valid(), Reports.render(batch, format), format);
    }

    private static Response answer(boolean valid, String body, ReportFormat format) {
        return Response.status(valid ? 200 : 422)
                .type(format.contentType())
                .entity(body)
                .build();
    }
}
