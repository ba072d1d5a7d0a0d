package dev.pressroom.manifest.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.manifest.validation.ValidationReport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

/** Maps a report to the answer: 200 when valid, 422 when not, in the negotiated format. */
@ApplicationScoped
public class ReportWriter {

    private final ObjectMapper mapper;

    public ReportWriter(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    Response write(ValidationReport report, ReportFormat format) {
        Object body = switch (format) {
            case JSON -> ValidationResponse.of(report);
            case TEXT -> TextReport.render(report);
            case SARIF -> SarifReport.render(report, mapper);
        };
        return Response.status(report.valid() ? 200 : 422)
                .type(format.contentType())
                .entity(body)
                .build();
    }
}
