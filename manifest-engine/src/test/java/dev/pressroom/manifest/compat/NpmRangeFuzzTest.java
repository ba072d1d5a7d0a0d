package dev.pressroom.manifest.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.github.zafarkhaja.semver.Version;
import java.util.Optional;

/** Coverage-guided fuzzing of the npm range parser: it parses or refuses, and its answers agree with each other. */
class NpmRangeFuzzTest {

    @FuzzTest
    void parseRefusesOrAgreesWithItself(FuzzedDataProvider data) throws SemverException {
        String text = data.consumeString(200);
        NpmRange range;
        try {
            range = NpmRange.parse(text);
        } catch (SemverException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        // The lowest version the range allows must satisfy it; a range with none is satisfied by no probe.
        Optional<Version> lowest = range.lowest();
        lowest.ifPresent(v ->
                assertThat(range.satisfiedBy(v)).as("%s lowest %s", text, v).isTrue());
        Version probe = Version.of(data.consumeInt(0, 20), data.consumeInt(0, 20), data.consumeInt(0, 20));
        if (lowest.isEmpty()) {
            assertThat(range.satisfiedBy(probe))
                    .as("%s has no version yet takes %s", text, probe)
                    .isFalse();
        } else if (range.satisfiedBy(probe)) {
            assertThat(probe.compareToIgnoreBuildMetadata(lowest.get()))
                    .as("%s: %s below lowest", text, probe)
                    .isGreaterThanOrEqualTo(0);
        }
        // What it prints parses back to a range that behaves the same.
        NpmRange reparsed = NpmRange.parse(range.toString());
        assertThat(reparsed.satisfiedBy(probe))
                .as("%s printed as %s", text, range)
                .isEqualTo(range.satisfiedBy(probe));
    }
}
