package dev.pressroom.manifest.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.manifest.validation.ValidationReport;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Renders reports in every format; the service's answers and the CLI's output both come from here, so they
 * are the same text for the same findings.
 */
public final class Reports {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Reports() {}

    public static String render(ValidationReport report, ReportFormat format) {
        return switch (format) {
            case JSON -> json(ValidationResponse.of(report));
            case TEXT -> TextReport.render(List.of(report), TextReport.Style.PLAIN);
            case SARIF -> SarifReport.render(List.of(report), JSON);
            case GITHUB -> GithubReport.render(List.of(report));
            case CODEQUALITY -> CodeQualityReport.render(List.of(report), JSON);
        };
    }

    public static String render(BatchReport batch, ReportFormat format) {
        return switch (format) {
            case JSON -> json(BatchResponse.of(batch));
            case TEXT -> TextReport.render(batch.reports(), TextReport.Style.PLAIN);
            case SARIF -> SarifReport.render(batch.reports(), JSON);
            case GITHUB -> GithubReport.render(batch.reports());
            case CODEQUALITY -> CodeQualityReport.render(batch.reports(), JSON);
        };
    }

    private static String json(Object response) {
        try {
            return JSON.writeValueAsString(response);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
