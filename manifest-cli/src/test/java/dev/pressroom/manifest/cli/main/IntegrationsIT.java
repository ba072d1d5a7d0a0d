package dev.pressroom.manifest.cli.main;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.everit.json.schema.Schema;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import org.json.JSONTokener;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the packaged CLI jar exactly as each CI integration under integrations/ (and .pre-commit-hooks.yaml) invokes
 * it, on the fixture add-ons (src/test/resources/addons: a valid one and a broken one), and checks exit statuses,
 * annotations, reports, and every SARIF log against the SARIF 2.1.0 JSON Schema.
 */
class IntegrationsIT {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of(System.getProperty("cli.jar", "target/pressroom-manifest-runner.jar"));
    private static final Path INTEGRATIONS = Path.of(System.getProperty("integrations.dir", "../integrations"));
    private static final Path ROOT = INTEGRATIONS.getParent();
    private static final Schema SARIF_SCHEMA = sarifSchema();

    @TempDir
    Path work;

    /** The CLI as the integrations find it on PATH: the JVM image's script around the jar (Dockerfile.jvm). */
    private Path bin;

    record Run(int status, String out, String err) {}

    @BeforeEach
    void workspaceWithFixturesAndCliOnPath() throws IOException {
        copy(Path.of("src/test/resources/addons"), work.resolve("addons"));
        bin = Files.createDirectories(work.resolve("bin"));
        Files.copy(Path.of("src/main/docker/pressroom-manifest.sh"), bin.resolve("pressroom-manifest"));
    }

    // GitHub Action

    @Test
    void githubActionWhenBrokenAddonThenAnnotationsValidSarifAndStatus1() throws Exception {
        JsonNode step = githubValidateStep();
        Path output = work.resolve("github-output");
        Run run = githubStep(step, "addons", JAR.toAbsolutePath().toString(), output);

        assertThat(run.status()).as("the step itself never fails").isZero();
        assertThat(run.out())
                .contains("::error file=addons/broken-theme/manifest.json,line=4,col=9,title=pressroom-manifest"
                        + " pattern::")
                .contains("title=pressroom-manifest unknown-key::Unknown key \"compatability\"")
                .contains("Did you mean \"compat\"?")
                .doesNotContain("addons/coach");
        Map<String, String> outputs = outputs(output);
        assertThat(outputs).containsEntry("status", "1").containsEntry("sarif-written", "true");
        JsonNode sarif = validSarif(Path.of(outputs.get("sarif-file")));
        assertThat(sarif.at("/runs/0/results").findValuesAsText("uri")).contains("addons/broken-theme/manifest.json");
    }

    @Test
    void githubActionWhenValidAddonThenNoAnnotationsEmptySarifAndStatus0() throws Exception {
        Path output = work.resolve("github-output");
        Run run = githubStep(
                githubValidateStep(), "addons/coach", JAR.toAbsolutePath().toString(), output);
        assertThat(run.out()).doesNotContain("::error").doesNotContain("::warning");
        Map<String, String> outputs = outputs(output);
        assertThat(outputs).containsEntry("status", "0").containsEntry("sarif-written", "true");
        assertThat(validSarif(Path.of(outputs.get("sarif-file"))).at("/runs/0/results"))
                .isEmpty();
    }

    @Test
    void githubActionWhenJarUrlThenDownloadsIt() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/pressroom-manifest-runner.jar", exchange -> {
            byte[] jar = Files.readAllBytes(JAR);
            exchange.sendResponseHeaders(200, jar.length);
            exchange.getResponseBody().write(jar);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/pressroom-manifest-runner.jar";
            String sha256 = HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(JAR)));
            Path output = work.resolve("github-output");
            githubStep(githubValidateStep(), "addons/broken-theme", url, sha256.toUpperCase(Locale.ROOT), output);
            assertThat(outputs(output)).containsEntry("status", "1");

            Files.delete(output);
            String other = sha256.substring(1) + (sha256.charAt(0) == '0' ? '1' : '0');
            Run tampered = githubStep(githubValidateStep(), "addons/broken-theme", url, other, output);
            assertThat(tampered.out()).contains("has SHA-256 " + sha256 + ", not the pinned " + other);
            assertThat(outputs(output)).containsEntry("status", "2").containsEntry("sarif-written", "false");

            Files.delete(output);
            Run unpinned = githubStep(githubValidateStep(), "addons/broken-theme", url, "", output);
            assertThat(unpinned.out()).contains("A cli-jar URL needs cli-jar-sha256");
            assertThat(outputs(output)).containsEntry("status", "2");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void githubActionWhenNoJarOrMissingPathThenStatus2AndNoSarifUpload() throws Exception {
        Path output = work.resolve("github-output");
        Run run = githubStep(githubValidateStep(), "addons", "", output);
        assertThat(run.out()).contains("::error title=pressroom-manifest::The cli-jar input is required");
        assertThat(outputs(output)).containsEntry("status", "2").containsEntry("sarif-written", "false");

        Files.delete(output);
        githubStep(githubValidateStep(), "addons/nope", JAR.toAbsolutePath().toString(), output);
        assertThat(outputs(output)).containsEntry("status", "2").containsEntry("sarif-written", "false");
    }

    @Test
    void githubActionWhenReadThenCompositeUploadingSarifAndFailingOnStatus() throws IOException {
        JsonNode action =
                YAML.readTree(INTEGRATIONS.resolve("github/action.yml").toFile());
        assertThat(action.at("/runs/using").asText()).isEqualTo("composite");
        assertThat(action.at("/runs/steps").findValuesAsText("uses"))
                .contains("github/codeql-action/upload-sarif@v3", "actions/setup-java@v4");
        JsonNode last = action.at("/runs/steps").get(action.at("/runs/steps").size() - 1);
        assertThat(last.at("/if").asText()).contains("steps.validate.outputs.status != '0'");
    }

    // GitLab CI template

    @Test
    void gitlabTemplateWhenBrokenAddonThenCodeQualityReportAndJobFails() throws Exception {
        Run run = gitlabJob("addons");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).contains("addons/broken-theme/manifest.json:4:9: error [pattern]");
        JsonNode report = JSON.readTree(work.resolve(gitlabReportFile()).toFile());
        assertThat(report.isArray()).isTrue();
        assertThat(report).isNotEmpty().allSatisfy(issue -> {
            assertThat(issue.fieldNames())
                    .toIterable()
                    .containsExactly("description", "check_name", "fingerprint", "severity", "location");
            assertThat(issue.at("/severity").asText()).isIn("info", "minor", "major", "critical", "blocker");
            assertThat(issue.at("/location/path").asText()).startsWith("addons/broken-theme");
            assertThat(issue.at("/location/lines/begin").asInt()).isPositive();
        });
        assertThat(report.findValuesAsText("check_name")).contains("pattern", "unknown-key", "hostname");
    }

    @Test
    void gitlabTemplateWhenValidAddonThenEmptyReportAndJobPasses() throws Exception {
        Run run = gitlabJob("addons/coach");
        assertThat(run.status()).isZero();
        assertThat(JSON.readTree(work.resolve(gitlabReportFile()).toFile())).isEmpty();
    }

    @Test
    void gitlabTemplateWhenPathMissingThenJobFailsOnTheFirstLine() throws Exception {
        Run run = gitlabJob("addons/nope");
        assertThat(run.status()).isNotZero();
        assertThat(run.err()).containsOnlyOnce("addons/nope: no such file or folder");
        assertThat(Files.exists(work.resolve(gitlabReportFile()))).isFalse();
    }

    // pre-commit

    @Test
    void preCommitHookWhenStagedManifestsThenStatusOfTheWorst() throws Exception {
        List<String> entry = preCommitEntry("pressroom-manifest");
        assertThat(preCommit(entry, "addons/coach/manifest.json").status()).isZero();
        Run run = preCommit(entry, "addons/coach/manifest.json", "addons/broken-theme/manifest.json");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).contains("addons/broken-theme/manifest.json:10:3: error [unknown-key]");
        assertThat(run.err()).contains("2 add-ons: 1 valid, 1 invalid");
    }

    @Test
    void preCommitHooksWhenReadThenMatchOnlyManifestJson() throws IOException {
        JsonNode hooks = YAML.readTree(ROOT.resolve(".pre-commit-hooks.yaml").toFile());
        assertThat(hooks.findValuesAsText("id")).containsExactly("pressroom-manifest", "pressroom-manifest-docker");
        for (JsonNode hook : hooks) {
            String files = hook.get("files").asText();
            assertThat("addons/coach/manifest.json").containsPattern(files);
            assertThat("manifest.json").containsPattern(files);
            assertThat("addons/coach/mymanifest.json").doesNotContainPattern(files);
        }
    }

    // SARIF straight from the CLI (what the action uploads), for the whole corpus of fixture add-ons.

    @Test
    void sarifWhenAnyFixtureThenValidAgainstTheSarif210Schema() throws Exception {
        for (String path : List.of("addons", "addons/coach", "addons/broken-theme/manifest.json")) {
            Path sarif = work.resolve("out.sarif");
            Run run = run(
                    List.of("pressroom-manifest", "validate", path, "--format", "sarif", "--output", "out.sarif"),
                    Map.of());
            assertThat(run.status()).as(path).isIn(0, 1);
            validSarif(sarif);
        }
    }

    @Test
    void sarifSchemaWhenResultLacksMessageThenRejected() {
        JSONObject broken = new JSONObject(
                "{\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"x\"}},\"results\":[{}]}]}");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> SARIF_SCHEMA.validate(broken)))
                .as("the schema really checks")
                .isNotNull();
    }

    // helpers

    private JsonNode githubValidateStep() throws IOException {
        JsonNode action =
                YAML.readTree(INTEGRATIONS.resolve("github/action.yml").toFile());
        for (JsonNode step : action.at("/runs/steps")) {
            if ("validate".equals(step.path("id").asText())) {
                return step;
            }
        }
        throw new AssertionError("action.yml has no step with id validate");
    }

    /** The validate step as the runner runs it: its run line in bash, its env with the inputs substituted. */
    private Run githubStep(JsonNode step, String path, String jar, Path output) throws Exception {
        return githubStep(step, path, jar, "", output);
    }

    private Run githubStep(JsonNode step, String path, String jar, String sha256, Path output) throws Exception {
        Map<String, String> env = new HashMap<>();
        step.get("env")
                .properties()
                .forEach(e -> env.put(
                        e.getKey(),
                        e.getValue()
                                .asText()
                                .replace("${{ inputs.path }}", path)
                                .replace("${{ inputs.cli-jar }}", jar)
                                .replace("${{ inputs.cli-jar-sha256 }}", sha256)
                                .replace("${{ runner.temp }}", work.toString())));
        env.put(
                "GITHUB_ACTION_PATH",
                INTEGRATIONS.resolve("github").toAbsolutePath().toString());
        env.put("GITHUB_OUTPUT", output.toString());
        env.put("RUNNER_TEMP", work.toString());
        assertThat(env.values()).noneMatch(value -> value.contains("${{"));
        return run(List.of("bash", "-e", "-c", step.get("run").asText()), env);
    }

    private static Map<String, String> outputs(Path githubOutput) throws IOException {
        Map<String, String> outputs = new HashMap<>();
        for (String line : Files.readAllLines(githubOutput)) {
            int eq = line.indexOf('=');
            outputs.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return outputs;
    }

    /** The template's job script, line by line in one shell that stops at the first failing line, as GitLab runs it. */
    private Run gitlabJob(String path) throws Exception {
        JsonNode template = YAML.readTree(
                INTEGRATIONS.resolve("gitlab/pressroom-manifest.gitlab-ci.yml").toFile());
        List<String> script = new ArrayList<>();
        template.at("/.pressroom-manifest/script").forEach(line -> script.add(line.asText()));
        assertThat(script).hasSize(2);
        Map<String, String> env = new HashMap<>();
        template.get("variables")
                .properties()
                .forEach(e -> env.put(e.getKey(), e.getValue().asText()));
        env.put("PRESSROOM_MANIFEST_PATH", path);
        return run(List.of("bash", "-e", "-c", String.join("\n", script)), env);
    }

    private static String gitlabReportFile() throws IOException {
        JsonNode template = YAML.readTree(
                INTEGRATIONS.resolve("gitlab/pressroom-manifest.gitlab-ci.yml").toFile());
        return template.at("/.pressroom-manifest/artifacts/reports/codequality").asText();
    }

    private static List<String> preCommitEntry(String id) throws IOException {
        for (JsonNode hook :
                YAML.readTree(ROOT.resolve(".pre-commit-hooks.yaml").toFile())) {
            if (hook.get("id").asText().equals(id)) {
                assertThat(hook.get("language").asText()).isEqualTo("system");
                return List.of(hook.get("entry").asText().split(" "));
            }
        }
        throw new AssertionError("no hook " + id);
    }

    /** pre-commit runs the entry with the staged files that match, as paths relative to the repository root. */
    private Run preCommit(List<String> entry, String... files) throws Exception {
        List<String> command = new ArrayList<>(entry);
        command.addAll(List.of(files));
        return run(command, Map.of());
    }

    private Run run(List<String> command, Map<String, String> env) throws Exception {
        List<String> resolved = new ArrayList<>(command);
        if (Files.isExecutable(bin.resolve(command.get(0)))) {
            resolved.set(0, bin.resolve(command.get(0)).toString()); // as PATH lookup would find it
        }
        ProcessBuilder builder = new ProcessBuilder(resolved).directory(work.toFile());
        builder.environment().putAll(env);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().remove("NO_COLOR");
        builder.environment().put("PRESSROOM_MANIFEST_JAR", JAR.toAbsolutePath().toString());
        Path out = work.resolve("stdout");
        Path err = work.resolve("stderr");
        Process process =
                builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();
        return new Run(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static JsonNode validSarif(Path file) throws IOException {
        String text = Files.readString(file);
        SARIF_SCHEMA.validate(new JSONObject(text)); // throws ValidationException with every violation
        JsonNode sarif = JSON.readTree(text);
        assertThat(sarif.at("/version").asText()).isEqualTo("2.1.0");
        return sarif;
    }

    private static Schema sarifSchema() {
        try (InputStream in = IntegrationsIT.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
            return SchemaLoader.builder()
                    .schemaJson(new JSONObject(new JSONTokener(in)))
                    .build()
                    .load()
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
