package dev.pressroom.manifest.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.manifest.validation.Rule;
import dev.pressroom.manifest.validation.Severity;
import dev.pressroom.manifest.validation.TestManifests;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportsTest {

    private static final Violation PATTERN = new Violation(
            Severity.ERROR, Rule.PATTERN, "addons/a,b/manifest.json", "/id", "50% wrong:\nfix it", 3, 9, null);
    private static final Violation PACKAGE =
            new Violation(Severity.ERROR, Rule.PACKAGE_SYMLINK, "addons/x", null, "A symlink.", null, null, null);
    private static final Violation DEPRECATED = new Violation(
            Severity.WARNING, Rule.DEPRECATED, "m.json", "/min_server_version", "Deprecated.", 20, 3, null);
    private static final ValidationReport REPORT =
            new ValidationReport(null, List.of(PATTERN, PACKAGE), List.of(DEPRECATED));

    @Test
    void githubWhenProblemsThenOneEscapedWorkflowCommandEach() {
        assertThat(Reports.render(REPORT, ReportFormat.GITHUB).lines())
                .containsExactly(
                        "::error file=addons/a%2Cb/manifest.json,line=3,col=9,title=pressroom-manifest pattern::50%25"
                                + " wrong:%0Afix it",
                        "::error file=addons/x,title=pressroom-manifest package-symlink::A symlink.",
                        "::warning file=m.json,line=20,col=3,title=pressroom-manifest deprecated::Deprecated.");
    }

    @Test
    void codeQualityWhenProblemsThenGitlabIssuesWithStableDistinctFingerprints() throws IOException {
        JsonNode issues = TestManifests.JSON.readTree(Reports.render(REPORT, ReportFormat.CODEQUALITY));
        assertThat(issues).hasSize(3);
        assertThat(issues.get(0).toString())
                .startsWith("{\"description\":\"50% wrong:\\nfix it\",\"check_name\":\"pattern\",\"fingerprint\":");
        assertThat(issues.get(0).at("/severity").asText()).isEqualTo("major");
        assertThat(issues.get(0).at("/location/path").asText()).isEqualTo("addons/a,b/manifest.json");
        assertThat(issues.get(0).at("/location/lines/begin").asInt()).isEqualTo(3);
        assertThat(issues.get(1).at("/location/lines/begin").asInt()).isEqualTo(1);
        assertThat(issues.get(2).at("/severity").asText()).isEqualTo("minor");
        assertThat(issues.findValuesAsText("fingerprint"))
                .doesNotHaveDuplicates()
                .allMatch(f -> f.matches("[0-9a-f]{32}"));
        assertThat(Reports.render(REPORT, ReportFormat.CODEQUALITY))
                .isEqualTo(Reports.render(REPORT, ReportFormat.CODEQUALITY));
    }

    @Test
    void codeQualityWhenIdenticalTwinsThenStillDistinctFingerprints() throws IOException {
        ValidationReport twins = new ValidationReport(null, List.of(PACKAGE, PACKAGE), List.of());
        JsonNode issues = TestManifests.JSON.readTree(Reports.render(twins, ReportFormat.CODEQUALITY));
        assertThat(issues.findValuesAsText("fingerprint")).doesNotHaveDuplicates();
    }

    @Test
    void sarifUriWhenSpacesColonsOrNonAsciiThenPercentEncodedRelativeReference() {
        assertThat(SarifReport.uri("addons/my addon/manifest.json")).isEqualTo("addons/my%20addon/manifest.json");
        assertThat(SarifReport.uri("c:/x")).isEqualTo("c%3A/x");
        assertThat(SarifReport.uri("thème/a.zip!/manifest.json")).isEqualTo("th%C3%A8me/a.zip!/manifest.json");
    }

    @Test
    void textWhenBatchThenEveryReportsLinesInOrder() {
        ValidationReport other = new ValidationReport(null, List.of(PACKAGE), List.of());
        BatchReport batch =
                new BatchReport(List.of(new BatchReport.Item("a", REPORT), new BatchReport.Item("b", other)));
        assertThat(Reports.render(batch, ReportFormat.TEXT).lines())
                .hasSize(4)
                .last()
                .asString()
                .startsWith("addons/x:");
    }
}
