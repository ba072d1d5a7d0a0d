package dev.pressroom.manifest.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What every validation report must satisfy, whatever the input: each error has a position and a message, and each
 * pointer resolves in the document (for a missing key or a missing companion, its parent does).
 */
final class ReportInvariants {

    private ReportInvariants() {}

    static void assertHolds(byte[] bytes, ValidationReport report) {
        JsonNode doc = strictlyParsed(bytes);
        for (Violation v : report.errors()) {
            assertThat(v.line()).isPositive();
            assertThat(v.column()).isPositive();
            assertThat(v.message()).isNotBlank();
            if (v.rule().id().startsWith("json-") && v.rule() != Rule.JSON_DUPLICATE_KEY) {
                assertThat(v.pointer()).isEmpty();
                continue;
            }
            if (v.rule() == Rule.JSON_DUPLICATE_KEY) {
                // A repeat has no place of its own in the document a parser keeps; its pointer names it like the
                // first occurrence, a well-formed pointer, and its line and column locate it.
                assertThat(JsonPointer.compile(v.pointer()).toString())
                        .isEqualTo(v.pointer())
                        .doesNotContain("#dup");
                continue;
            }
            assertThat(doc)
                    .as("document parsed when %s is reported", v.rule().id())
                    .isNotNull();
            String pointer = v.rule() == Rule.REQUIRED
                            || v.rule() == Rule.APP_REQUIRES_SDK
                            || v.rule() == Rule.PERMISSION_REQUIRES_PLEDGE
                            || v.rule() == Rule.NET_REQUIRES_NETWORK
                            || v.rule() == Rule.PERMISSION_REQUIRES_LEAGUE
                    ? JsonPointers.parent(v.pointer())
                    : v.pointer();
            assertThat(doc.at(JsonPointer.compile(pointer)).isMissingNode())
                    .as("%s at %s", v.rule().id(), v.pointer())
                    .isFalse();
        }
    }

    private static JsonNode strictlyParsed(byte[] bytes) {
        try {
            return TestManifests.JSON.readTree(bytes);
        } catch (Exception e) {
            return null;
        }
    }
}
