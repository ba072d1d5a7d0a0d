package dev.pressroom.manifest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.manifest.pkg.PackageLimits;
import dev.pressroom.manifest.pkg.PackageValidator;
import dev.pressroom.manifest.pkg.TestPackages;
import dev.pressroom.manifest.report.ReportFormat;
import dev.pressroom.manifest.report.Reports;
import dev.pressroom.manifest.validation.TestManifests;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {

    private static final ValidateCommand COMMAND = new ValidateCommand(
            TestManifests.VALIDATOR, new PackageValidator(TestManifests.VALIDATOR, PackageLimits.defaults()));

    @TempDir
    Path dir;

    /** What one run printed and returned. */
    record Run(int status, String out, String err) {
        JsonNode json() throws IOException {
            return TestManifests.JSON.readTree(out);
        }
    }

    private Run run(boolean colour, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = COMMAND.run(
                args,
                new ValidateCommand.Console(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        colour));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Run run(String... args) {
        return run(false, args);
    }

    private String write(String relative, byte[] bytes) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        return file.toString();
    }

    /** A complete feature add-on folder: manifest, entry page, SVG icon, README. */
    private Path addon(String name, byte[] manifest) throws IOException {
        write(name + "/manifest.json", manifest);
        write(name + "/app/index.html", TestManifests.utf8("<!doctype html><title>x</title>"));
        write(name + "/assets/icon.png", TestPackages.png(256, 256));
        write(name + "/README.md", TestManifests.utf8("# Coach"));
        return dir.resolve(name);
    }

    @Test
    void validateWhenValidManifestThenStatus0AndEmptyText() throws IOException {
        String file = write("manifest.json", TestManifests.bytes("valid/theme.json"));
        Run run = run("validate", file);
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("1 add-on: 1 valid, 0 invalid");
    }

    @Test
    void validateWhenInvalidManifestThenStatus1AndFileLineColumnPerError() throws IOException {
        String file = write("addons/x/manifest.json", TestManifests.utf8("{\n  \"manifest\": 1,\n  \"id\": \"X\"\n}"));
        Run run = run("validate", file);
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).contains(file + ":3:9: error [pattern] \"X\" is not valid");
        assertThat(run.out().lines()).allMatch(line -> line.startsWith(file + ":") && line.matches(".*:\\d+:\\d+: .*"));
    }

    @Test
    void validateWhenJsonFormatThenTheServiceReportOfTheSameFindings() throws IOException {
        byte[] manifest = TestManifests.feature(m -> m.put("kind", "conector"));
        String file = write("manifest.json", manifest);
        Run run = run("validate", "--format", "json", file);
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out())
                .isEqualTo(Reports.render(TestManifests.VALIDATOR.validate(manifest, file, null), ReportFormat.JSON));
        assertThat(run.json().at("/errors/0/suggestion").asText()).isEqualTo("connector");
    }

    @Test
    void validateWhenOutputThenReportInFileAndNothingOnStdout() throws IOException {
        String file = write("manifest.json", TestManifests.utf8("{"));
        Path sarif = dir.resolve("out.sarif");
        Run run = run("validate", file, "--format=sarif", "--output=" + sarif);
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        JsonNode log = TestManifests.JSON.readTree(sarif.toFile());
        assertThat(log.at("/runs/0/results/0/ruleId").asText()).isEqualTo("json-syntax");
    }

    @Test
    void validateWhenAddonFolderThenPackageChecksOnTheFolder() throws IOException {
        Path addon = addon("coach", TestManifests.feature(m -> m.put("entry", "app/missing.html")));
        Run run = run("validate", addon.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).startsWith(addon + "/manifest.json:").contains("error [entry-missing]");
        assertThat(run(
                                "validate",
                                addon("ok", TestManifests.bytes("valid/feature-app.json"))
                                        .toString())
                        .status())
                .isZero();
    }

    @Test
    void validateWhenFolderHasSymlinkThenPackageSymlinkNotFollowed() throws IOException {
        Path addon = addon("coach", TestManifests.bytes("valid/feature-app.json"));
        Files.createSymbolicLink(addon.resolve("secrets"), Path.of("/etc/passwd"));
        Run run = run("validate", addon.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).contains(addon + ": error [package-symlink] The entry \"secrets\"");
    }

    @Test
    void validateWhenZipThenPackageChecksAndManifestNamedInsideTheZip() throws IOException {
        String zip = write(
                "coach.zip",
                TestPackages.builder()
                        .add("manifest.json", TestManifests.feature(m -> m.put("id", "X")))
                        .add("app/index.html", "<html>")
                        .add("assets/icon.png", TestPackages.png(256, 256))
                        .zip());
        Run run = run("validate", zip);
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out())
                .containsPattern(java.util.regex.Pattern.quote(zip + "!/manifest.json:") + "4:\\d+: error \\[pattern]");
    }

    @Test
    void validateWhenCatalogFolderThenEveryAddonAndBatchSummary() throws IOException {
        addon("catalog/coach", TestManifests.bytes("valid/feature-app.json"));
        addon("catalog/team/broken", TestManifests.feature(m -> m.put("kind", "conector")));
        addon("catalog/node_modules/ignored", TestManifests.utf8("{"));
        write(
                "catalog/theme.zip",
                TestPackages.builder()
                        .add("manifest.json", TestManifests.bytes("valid/theme.json"))
                        .add("tokens.json", "{}")
                        .add("README.md", "# t")
                        .zip());
        Run run = run("validate", "--format", "json", dir.resolve("catalog").toString());
        assertThat(run.status()).isEqualTo(1);
        JsonNode json = run.json();
        String root = dir.resolve("catalog").toString();
        assertThat(json.at("/summary").toString())
                .isEqualTo("{\"addons\":3,\"valid\":2,\"invalid\":1,\"errors\":1,\"warnings\":2}");
        assertThat(json.at("/results").findValuesAsText("input"))
                .containsExactly(root + "/coach", root + "/team/broken", root + "/theme.zip");
        assertThat(json.at("/results/1/errors/0/file").asText()).isEqualTo(root + "/team/broken/manifest.json");
        assertThat(run.err()).contains("3 add-ons: 2 valid, 1 invalid (1 error, 2 warnings)");
    }

    @Test
    void validateWhenSeveralPathsThenBatchAndStatus0OnlyWhenAllValid() throws IOException {
        String a = write("a/manifest.json", TestManifests.bytes("valid/theme.json"));
        String b = write("b/manifest.json", TestManifests.bytes("valid/connector.json"));
        Run run = run("validate", "--format", "json", a, b);
        assertThat(run.status()).isZero();
        assertThat(run.json().at("/valid").asBoolean()).isTrue();
        assertThat(run.json().at("/results").size()).isEqualTo(2);
    }

    @Test
    void validateWhenColourThenAnsiOnlyThen() throws IOException {
        String file = write("manifest.json", TestManifests.utf8("{}"));
        assertThat(run(true, "validate", file).out()).contains("\u001b[1;31merror\u001b[0m");
        assertThat(run(false, "validate", file).out()).doesNotContain("\u001b");
        Path out = dir.resolve("report.txt");
        run(true, "validate", file, "--output", out.toString());
        assertThat(Files.readString(out)).doesNotContain("\u001b").contains("error [required]");
    }

    @Test
    void validateWhenFileOverThePackageLimitThenPackageLimitsWithoutReadingIt() throws IOException {
        Path big = dir.resolve("big.zip");
        try (var channel = java.nio.channels.FileChannel.open(
                big, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[1]), ValidateCommand.MAX_FILE_BYTES); // sparse
        }
        Run run = run("validate", big.toString());
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).startsWith(big + ": error [package-limits]");
    }

    @Test
    void validateWhenBadArgumentsThenStatus2AndUsage() {
        for (String[] args : new String[][] {
            {},
            {"check", "x"},
            {"validate"},
            {"validate", "--format", "xml", "m.json"},
            {"validate", "--format"},
            {"validate", "--colour", "m.json"}
        }) {
            Run run = run(args);
            assertThat(run.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(run.err()).contains("Usage: pressroom-manifest validate");
            assertThat(run.out()).isEmpty();
        }
    }

    @Test
    void validateWhenPathMissingOrOfUnknownKindOrEmptyFolderThenStatus2() throws IOException {
        assertThat(run("validate", dir.resolve("nope.json").toString()).status())
                .isEqualTo(2);
        assertThat(run("validate", write("notes.txt", TestManifests.utf8("x"))).status())
                .isEqualTo(2);
        Files.createDirectories(dir.resolve("empty"));
        Run run = run("validate", dir.resolve("empty").toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("no add-on in this folder");
    }

    @Test
    void validateWhenOutputNotWritableThenStatus2() throws IOException {
        String file = write("manifest.json", TestManifests.bytes("valid/theme.json"));
        Run run = run(
                "validate", file, "--output", dir.resolve("no/such/dir/out.txt").toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("cannot write");
    }

    @Test
    void displayNameIsNormalizedWithForwardSlashes() {
        assertThat(Discovery.displayName("./addons//coach/")).isEqualTo("addons/coach");
        assertThat(Discovery.displayName(".")).isEqualTo(".");
    }
}
