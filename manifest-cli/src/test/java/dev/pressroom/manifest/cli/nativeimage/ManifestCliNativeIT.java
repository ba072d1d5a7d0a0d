package dev.pressroom.manifest.cli.nativeimage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI as CI pipelines run it, against its native executable (scripts/native.sh test manifest-cli): an add-on
 * folder, a package, each report format a pipeline reads, and the exit statuses.
 */
class ManifestCliNativeIT {

    private static final Path ADDONS = Path.of("src/test/resources/addons");
    private static Path executable;

    private record Run(int status, String out, String err) {}

    @BeforeAll
    static void executable() {
        String path = System.getProperty("native.executable", "");
        assumeTrue(!path.isBlank(), "no native executable given (-Dnative.executable; scripts/native.sh test)");
        executable = Path.of(path);
        assertThat(executable).isExecutable();
    }

    private static Run run(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(executable.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("finished").isTrue();
        return new Run(
                process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void validateWhenValidFolderThenStatus0AndASummary() throws Exception {
        Run run = run("validate", ADDONS.resolve("coach").toString());

        assertThat(run.status()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("1 add-on: 1 valid, 0 invalid");
    }

    @Test
    void validateWhenPackagedAsZipThenReadFromThePackage(@TempDir Path work) throws Exception {
        Path zip = work.resolve("coach.zip");
        Path folder = ADDONS.resolve("coach");
        try (OutputStream file = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(file);
                Stream<Path> files = Files.walk(folder)) {
            for (Path source : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(
                        new ZipEntry(folder.relativize(source).toString().replace('\\', '/')));
                Files.copy(source, out);
                out.closeEntry();
            }
        }

        Run run = run("validate", "--format", "json", zip.toString());

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("{\"valid\":true");
    }

    @Test
    void validateWhenInvalidThenStatus1AndEachReportFormat() throws Exception {
        String broken = ADDONS.resolve("broken-theme").toString();

        Run json = run("validate", "--format", "json", broken + "/manifest.json");
        Run sarif = run("validate", "--format", "sarif", broken);
        Run github = run("validate", "--format", "github", broken);

        assertThat(json.status()).isEqualTo(1);
        assertThat(json.out()).startsWith("{\"valid\":false,\"errors\":[");
        assertThat(sarif.status()).isEqualTo(1);
        assertThat(sarif.out()).contains("\"version\":\"2.1.0\"").contains("\"ruleId\"");
        assertThat(github.status()).isEqualTo(1);
        assertThat(github.out()).contains("::error file=");
    }

    @Test
    void validateWhenNoPathThenStatus2AndUsage() throws Exception {
        Run run = run("validate");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("Usage: pressroom-manifest validate");
    }

    @Test
    void validateWhenPathMissingThenStatus2() throws Exception {
        Run run = run("validate", "does/not/exist");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).isNotEmpty();
    }
}
