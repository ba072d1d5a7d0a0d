package dev.pressroom.manifest.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.manifest.cli.ValidateCommand;
import dev.pressroom.manifest.corpus.TestCorpus;
import dev.pressroom.manifest.corpus.TestCorpus.Kind;
import dev.pressroom.manifest.corpus.TestCorpus.Sample;
import dev.pressroom.manifest.pkg.PackageLimits;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.validation.TestManifests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CLI's command and the service give identical findings for every manifest and package of the test corpus: the
 * same JSON report (the CLI names files by path, the service "manifest.json"/"package.zip"; the test maps one to the
 * other), the same text and SARIF for manifests, and exit status 0/1 where the service answers 200/422.
 */
@QuarkusTest
class CliParityResourceTest {

    private static final ValidateCommand CLI = new ValidateCommand(
            TestManifests.VALIDATOR, new PackageValidator(TestManifests.VALIDATOR, PackageLimits.defaults()));

    @TempDir
    Path dir;

    static List<Sample> corpus() {
        return TestCorpus.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void cliAndServiceWhenSameInputThenSameJsonReportAndVerdict(Sample sample) throws IOException {
        Path file = write(sample);
        Cli cli = cli(file, "json");
        Response service = service(sample, file, "application/json");

        assertThat(cli.status()).isEqualTo(service.statusCode() == 200 ? 0 : 1);
        assertThat(service.statusCode()).isIn(200, 422);
        JsonNode expected = TestManifests.JSON.readTree(service.asByteArray());
        JsonNode actual = TestManifests.JSON.readTree(cli.out());
        if (sample.kind() == Kind.PACKAGE) {
            renameFiles(actual, file.toString());
        }
        assertThat(actual).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void cliAndServiceWhenManifestThenSameTextAndSarif(Sample sample) throws IOException {
        if (sample.kind() != Kind.MANIFEST) {
            return;
        }
        Path file = write(sample);
        assertThat(cli(file, "text").out())
                .isEqualTo(service(sample, file, "text/plain").asString());
        assertThat(cli(file, "sarif").out())
                .isEqualTo(service(sample, file, "application/sarif+json").asString());
    }

    private record Cli(int status, String out) {}

    private Path write(Sample sample) throws IOException {
        Path file = dir.resolve(sample.kind() == Kind.MANIFEST ? "manifest.json" : "package.zip");
        Files.write(file, sample.bytes());
        return file;
    }

    private static Cli cli(Path file, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        int status = CLI.run(
                new String[] {"validate", "--format", format, file.toString()},
                new ValidateCommand.Console(new PrintStream(out, true, StandardCharsets.UTF_8), err, false));
        assertThat(status).as("exit status").isIn(0, 1);
        return new Cli(status, out.toString(StandardCharsets.UTF_8));
    }

    /** The manifest is posted with ?file= set to the CLI's name for it, so the two reports name the same file. */
    private static Response service(Sample sample, Path file, String accept) {
        if (sample.kind() == Kind.MANIFEST) {
            return given().contentType("application/json")
                    .accept(accept)
                    .queryParam("file", file.toString())
                    .body(sample.bytes())
                    .post("/v1/manifests/validate");
        }
        return given().contentType("application/zip")
                .accept(accept)
                .body(sample.bytes())
                .post("/v1/packages/validate");
    }

    /** The CLI's names for a zip and the manifest in it, as the service names an upload. */
    private static void renameFiles(JsonNode report, String zip) {
        for (String list : new String[] {"errors", "warnings"}) {
            for (JsonNode problem : report.path(list)) {
                String file = problem.get("file").asText();
                String renamed = file.equals(zip)
                        ? "package.zip"
                        : file.equals(zip + "!/manifest.json") ? "manifest.json" : file;
                ((ObjectNode) problem).put("file", renamed);
            }
        }
    }
}
