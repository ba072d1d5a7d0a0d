package dev.pressroom.manifest.validation;

import static dev.pressroom.manifest.validation.TestManifests.bytes;
import static dev.pressroom.manifest.validation.TestManifests.theme;
import static dev.pressroom.manifest.validation.TestManifests.utf8;
import static dev.pressroom.manifest.validation.TestManifests.validate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading the bytes (D14-D16), several violations at once with line/column, and the fixture folders. */
class ManifestValidatorTest {

    @Test
    void validateWhenUtf8BomThenOnlyJsonBom() {
        byte[] manifest = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes("valid/theme.json"));

        assertThat(validate(manifest).errors())
                .extracting(v -> v.rule().id(), Violation::pointer, Violation::line, Violation::column)
                .containsExactly(tuple("json-bom", "", 1, 1));
    }

    @Test
    void validateWhenUtf16ThenJsonEncoding() {
        byte[] manifest =
                new String(bytes("valid/theme.json"), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16LE);

        assertThat(validate(manifest).errors()).extracting(v -> v.rule().id()).containsExactly("json-encoding");
    }

    @Test
    void validateWhenUtf16WithBomThenJsonEncoding() {
        byte[] manifest =
                new String(bytes("valid/theme.json"), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16);

        assertThat(validate(manifest).errors()).extracting(v -> v.rule().id()).containsExactly("json-encoding");
    }

    @Test
    void validateWhenInvalidUtf8ThenJsonEncodingAtTheBadByte() {
        byte[] manifest = concat(utf8("{\n  \"name\": \"caf"), new byte[] {(byte) 0xC3, 0x28}, utf8("\"\n}"));

        assertThat(validate(manifest).errors())
                .extracting(v -> v.rule().id(), Violation::line, Violation::column)
                .containsExactly(tuple("json-encoding", 2, 15));
    }

    @Test
    void validateWhenOverlongUtf8EncodingThenJsonEncoding() {
        byte[] manifest = concat(utf8("{\"name\": \""), new byte[] {(byte) 0xC0, (byte) 0xAF}, utf8("\"}"));

        assertThat(validate(manifest).errors()).extracting(v -> v.rule().id()).containsExactly("json-encoding");
    }

    @ParameterizedTest
    @MethodSource("notStrictJson")
    void validateWhenNotStrictJsonThenOneJsonSyntaxError(String text) {
        ValidationReport report = validate(utf8(text));

        assertThat(report.errors()).hasSize(1);
        assertThat(report.errors().get(0).rule()).isEqualTo(Rule.JSON_SYNTAX);
        assertThat(report.errors().get(0).pointer()).isEmpty();
    }

    static Stream<String> notStrictJson() {
        return Stream.of(
                "",
                "   ",
                "{\"manifest\": 1,}",
                "{\"manifest\": 1 // one\n}",
                "{/* c */}",
                "{'manifest': 1}",
                "{manifest: 1}",
                "{\"manifest\": NaN}",
                "{\"manifest\": 01}",
                "{\"a\": \"tab\there\"}",
                "{} {}",
                "{}x",
                "{\"a\": [1, 2,]}",
                "{\"a\": +1}",
                "{\"a\": .5}",
                "{\"a\": \"\\x41\"}",
                "{\"a\": tru}",
                "{\"a\"",
                "{\"a\": Infinity}");
    }

    @Test
    void validateWhenSyntaxErrorThenLineAndColumnOfTheProblem() {
        Violation error = validate(utf8("{\n  \"manifest\": 1,\n  \"id\": 'x'\n}"))
                .errors()
                .get(0);

        assertThat(error.rule()).isEqualTo(Rule.JSON_SYNTAX);
        assertThat(error.line()).isEqualTo(3);
        assertThat(error.column()).isEqualTo(9);
        assertThat(error.message()).contains("Unexpected character");
    }

    @Test
    void validateWhenTrailingDataThenJsonSyntaxAtTheData() {
        Violation error = validate(concat(bytes("valid/theme.json"), utf8("\n{}")))
                .errors()
                .get(0);

        assertThat(error.rule()).isEqualTo(Rule.JSON_SYNTAX);
        assertThat(error.message()).contains("after the JSON value");
        assertThat(error.column()).isEqualTo(1);
    }

    @Test
    void validateWhenANumberHasAHugeExponentThenJsonLimitsNotACrash() {
        ValidationReport report = validate(utf8("{\"manifest\": 999E99999999999999998}"));

        assertThat(report.errors())
                .extracting(v -> v.rule().id(), Violation::line, Violation::column)
                .containsExactly(tuple("json-limits", 1, 14));
    }

    @Test
    void validateWhenDuplicateInsideARepeatedMemberThenAPlainPointerAtItsLine() {
        String text = "{\n  \"compat\": {\"host\": \"1\"},\n  \"compat\": {\"host\": \"1\", \"host\": \"2\"}\n}";

        assertThat(validate(utf8(text)).errors())
                .extracting(v -> v.rule().id(), Violation::pointer, Violation::line, Violation::column)
                .containsExactly(
                        tuple("json-duplicate-key", "/compat", 3, 3),
                        tuple("json-duplicate-key", "/compat/host", 3, 27));
    }

    @Test
    void validateWhenDuplicateKeysThenEachRepeatReportedAndNothingElse() {
        String text =
                "{\n  \"id\": \"a\",\n  \"id\": \"a\",\n  \"compat\": {\"host\": \"1\", \"host\": \"1\"},\n  \"bogus\": 1\n}";

        assertThat(validate(utf8(text)).errors())
                .extracting(v -> v.rule().id(), Violation::pointer, Violation::line, Violation::column)
                .containsExactly(
                        tuple("json-duplicate-key", "/id", 3, 3), tuple("json-duplicate-key", "/compat/host", 4, 27));
    }

    @Test
    void validateWhenOverOneMebibyteThenJsonLimits() {
        byte[] manifest = withDescription(1024 * 1024);

        assertThat(manifest.length).isGreaterThan(StrictJsonReader.MAX_BYTES);
        assertThat(validate(manifest).errors()).extracting(v -> v.rule().id()).containsExactly("json-limits");
    }

    @Test
    void validateWhenExactlyOneMebibyteThenRead() {
        byte[] template = withDescription(0);
        byte[] manifest = withDescription(StrictJsonReader.MAX_BYTES - template.length);

        assertThat(manifest.length).isEqualTo(StrictJsonReader.MAX_BYTES);
        assertThat(validate(manifest).valid()).isTrue();
    }

    @Test
    void validateWhenHalfMebibyteDescriptionThenValid() {
        assertThat(validate(withDescription(512 * 1024)).valid()).isTrue();
    }

    @Test
    void validateWhenNested64LevelsThenReadAndNested65ThenJsonLimits() {
        assertThat(validate(utf8(nested(64))).errors())
                .extracting(v -> v.rule().id())
                .doesNotContain("json-limits");
        assertThat(validate(utf8(nested(65))).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("json-limits");
    }

    @Test
    void validateWhenNestedTenThousandLevelsThenJsonLimitsWithoutStackOverflow() {
        String deep = "{\"a\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}";

        assertThat(validate(utf8(deep)).errors()).extracting(v -> v.rule().id()).containsExactly("json-limits");
    }

    @Test
    void validateWhenHugeArrayOfWrongItemsThenFirstThousandErrorsAndTruncatedWarning() {
        String text = "{\"permissions\": [" + "1,".repeat(200_000) + "1]}";

        ValidationReport report = validate(utf8(text));

        assertThat(report.errors()).hasSize(ManifestValidator.MAX_ERRORS);
        assertThat(report.errors()).extracting(v -> v.rule().id()).contains("required", "type");
        assertThat(report.warnings()).extracting(v -> v.rule().id()).containsExactly("truncated");
    }

    @Test
    void validateWhenRootIsNotAnObjectThenOneTypeError() {
        assertThat(validate(utf8("[]")).errors())
                .extracting(v -> v.rule().id(), Violation::pointer)
                .containsExactly(tuple("type", ""));
        assertThat(validate(utf8("null")).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("type");
    }

    @Test
    void validateWhenManyViolationsThenAllReportedInDocumentOrderWithPositions() {
        String text = """
                      {
                        "manifest": 1,
                        "id": "\u00c9t\u00e9",
                        "name": "\u00dcberblick \u2615",
                        "version": "1.0",
                        "kind": "feature",
                        "runtime": "theme@1",
                        "compat": {"host": ">=2.0.0", "extra": true},
                        "entry": "../tokens.json",
                        "permissions": ["net", 5],
                        "network": ["ok.example.com", "Bad.example.com"],
                        "summary": null
                      }\
                      """;

        List<Violation> errors = validate(utf8(text)).errors();

        assertThat(errors)
                .extracting(v -> v.rule().id(), Violation::pointer, Violation::line, Violation::column)
                .containsExactly(
                        tuple("required", "/publisher", 1, 1),
                        tuple("pattern", "/id", 3, 9),
                        tuple("semver", "/version", 5, 14),
                        tuple("theme-kind", "/kind", 6, 11),
                        tuple("unknown-key", "/compat/extra", 8, 33),
                        tuple("path", "/entry", 9, 12),
                        tuple("theme-no-permissions", "/permissions", 10, 18),
                        tuple("type", "/permissions/1", 10, 26),
                        tuple("theme-no-network", "/network", 11, 14),
                        tuple("hostname", "/network/1", 11, 33),
                        tuple("type", "/summary", 12, 14));
    }

    @Test
    void validateWhenColumnsFollowNonAsciiTextThenCountedInCodePoints() {
        String text = "{\"name\": \"🎉🎉\", \"id\": 5}";

        Violation error = validate(utf8(text)).errors().stream()
                .filter(v -> v.pointer().equals("/id"))
                .findFirst()
                .orElseThrow();

        assertThat(error.line()).isEqualTo(1);
        assertThat(error.column()).isEqualTo(22);
    }

    @Test
    void validateWhenCrLfLineEndingsThenLinesCountedOnce() {
        String text = "{\r\n\"manifest\": 1,\r\n\"id\": 7\r\n}";

        Violation error = validate(utf8(text)).errors().stream()
                .filter(v -> v.pointer().equals("/id"))
                .findFirst()
                .orElseThrow();

        assertThat(error.line()).isEqualTo(3);
        assertThat(error.column()).isEqualTo(7);
    }

    @Test
    void validateWhenThemeHasPledgeThenBothRulesAtThePledge() {
        byte[] manifest =
                theme(m -> m.putObject("pledge").put("daily_max_cents", 1).put("reason", "r"));

        assertThat(validate(manifest).errors())
                .extracting(v -> v.rule().id(), Violation::pointer)
                .containsExactlyInAnyOrder(
                        tuple("theme-no-pledge", "/pledge"), tuple("pledge-requires-permission", "/pledge"));
    }

    @Test
    void validateWhenThemeListsHostsThenThemeAndNetworkRulesAtTheNetwork() {
        byte[] manifest = theme(m -> m.set("network", TestManifests.array("api.example.com")));

        assertThat(validate(manifest).errors())
                .extracting(v -> v.rule().id(), Violation::pointer)
                .containsExactlyInAnyOrder(
                        tuple("theme-no-network", "/network"), tuple("network-requires-net", "/network"));
    }

    @Test
    void validateWhenMinServerVersionPresentThenDeprecationWarning() {
        ValidationReport report = validate(bytes("valid/feature-app.json"));

        assertThat(report.valid()).isTrue();
        assertThat(report.warnings())
                .extracting(v -> v.rule().id(), Violation::pointer)
                .containsExactly(tuple("deprecated", "/min_server_version"));
    }

    @Test
    void validateWhenValidThenSummaryOfTheManifest() {
        ManifestSummary summary = validate(bytes("valid/connector.json")).manifest();

        assertThat(summary).isEqualTo(new ManifestSummary("bank-sync", "0.9.0", "connector", "connector@1"));
    }

    @Test
    void validateWhenValidFixtureThenValid() throws Exception {
        for (Path file : fixtures("valid")) {
            assertThat(validate(Files.readAllBytes(file)).errors())
                    .as(file.getFileName().toString())
                    .isEmpty();
        }
    }

    /** Files in manifests/invalid are named RULE--what.json and must report at least that rule. */
    @Test
    void validateWhenInvalidFixtureThenTheRuleInItsName() throws Exception {
        List<Path> files = fixtures("invalid");
        assertThat(files).hasSizeGreaterThanOrEqualTo(5);
        for (Path file : files) {
            String rule = file.getFileName().toString().split("--", -1)[0];
            assertThat(validate(Files.readAllBytes(file)).errors())
                    .as(file.getFileName().toString())
                    .extracting(v -> v.rule().id())
                    .contains(rule);
        }
    }

    private static List<Path> fixtures(String folder) throws URISyntaxException, IOException {
        URL url = ManifestValidatorTest.class.getClassLoader().getResource("manifests/" + folder);
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static String nested(int depth) {
        // the root object is level 1; "a" holds depth - 1 nested arrays
        return "{\"a\":" + "[".repeat(depth - 1) + "]".repeat(depth - 1) + "}";
    }

    private static byte[] withDescription(int length) {
        return TestManifests.connector(m -> m.put("description", "d".repeat(length)));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
