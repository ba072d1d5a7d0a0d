package dev.pressroom.manifest.report;

import java.util.Arrays;
import java.util.Optional;

/**
 * The report formats: their names as the CLI's {@code --format} takes them and their media types. The service answers
 * in the first three (Accept); the last two are for CI systems and only the CLI writes them.
 */
public enum ReportFormat {
    JSON("json", "application/json"),
    TEXT("text", "text/plain;charset=utf-8"),
    SARIF("sarif", ReportFormat.SARIF_TYPE),
    /** GitHub Actions workflow commands: one {@code ::error file=,line=,col=::} annotation per problem. */
    GITHUB("github", "text/plain;charset=utf-8"),
    /** GitLab's Code Quality report (a JSON array of issues), for {@code artifacts:reports:codequality}. */
    CODEQUALITY("codequality", "application/json");

    public static final String SARIF_TYPE = "application/sarif+json";

    private final String formatName;
    private final String contentType;

    ReportFormat(String formatName, String contentType) {
        this.formatName = formatName;
        this.contentType = contentType;
    }

    public String formatName() {
        return formatName;
    }

    public String contentType() {
        return contentType;
    }

    public static Optional<ReportFormat> byName(String name) {
        return Arrays.stream(values()).filter(f -> f.formatName.equals(name)).findFirst();
    }
}
