package dev.pressroom.manifest.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Coverage-guided fuzzing (Jazzer) of the strict JSON reader and the whole manifest validation. `make test` runs each
 * target over its committed seeds in src/test/resources/.../ManifestFuzzTestInputs; `make fuzz` mutates them.
 */
class ManifestFuzzTest {

    /** Jackson at its strictest, as the reference: no duplicates, nothing after the value. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    @FuzzTest
    void validateNeverThrowsAndEveryPointerResolves(byte[] manifest) {
        ValidationReport report = TestManifests.validate(manifest);

        ReportInvariants.assertHolds(manifest, report);
        assertThat(report.valid()).isEqualTo(report.errors().isEmpty());
    }

    @FuzzTest
    void strictReaderAcceptsOnlyWhatStrictJacksonAccepts(byte[] json) {
        ParsedJson parsed = StrictJsonReader.read(json);

        if (parsed.ok()) {
            assertThatCode(() -> STRICT.readTree(json))
                    .as("accepted by the strict reader")
                    .doesNotThrowAnyException();
        } else {
            assertThat(parsed.findings())
                    .allSatisfy(f -> assertThat(f.rule().id()).startsWith("json-"));
        }
    }
}
