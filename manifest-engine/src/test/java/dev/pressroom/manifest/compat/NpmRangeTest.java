package dev.pressroom.manifest.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.zafarkhaja.semver.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Decision D2 (syntax), D3 (unsatisfiable), D4 (lowest version) and node-semver's desugaring. */
class NpmRangeTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                ">=2.1.0 <3.0.0",
                "2.1.0",
                "=2.1.0",
                "2",
                "2.1",
                "2.x",
                "2.1.*",
                "*",
                "x",
                "X",
                "~2.1.0",
                "~2",
                "^2.1.0",
                "^0.0.3",
                "1.2.3 - 2.3.4",
                "1.2 - 2",
                ">=1.0.0  <2.0.0",
                "1.0.0   -   2.0.0",
                "^1.0.0 || ^2.0.0",
                ">=1.0.0||<0.5.0",
                "1.0.0-rc.1",
                ">=1.0.0-alpha.beta.1+build.5",
                "<=2.0",
                ">1",
                "1.x.x",
                "2.X.x",
                "~1.2.3-beta.2"
            })
    void parseWhenNpmSyntaxThenAccepted(String range) throws SemverException {
        assertThat(NpmRange.parse(range).alternatives()).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                " >=1.0.0",
                ">=1.0.0 ",
                ">= 1.0.0",
                "v1.0.0",
                ">=v1.0.0",
                "~>1.0",
                ">=1.0.0 & <2.0.0",
                ">=1.0.0 && <2.0.0",
                "!=1.0.0",
                "!(1.0.0)",
                "(>=1.0.0)",
                ">=1.0.0, <2.0.0",
                "[2.1.0,3.0.0)",
                ">=2.1.0 ||",
                "|| 1.0.0",
                "1.0.0 || || 2.0.0",
                "1.x.3",
                "*.1",
                "1.2.x-beta",
                "1.2-beta",
                "01.0.0",
                "1.0.0-01",
                "1.0.0-",
                "1.0.0+",
                "1.0.0\n",
                "1.0.0\t<2.0.0",
                "1.0.0 -2.0.0",
                "1.0.0 - ",
                ">=1.0.0 - 2.0.0",
                "1.0.0 - 2.0.0 <3.0.0",
                "1.0.0.0",
                "latest",
                "1.0.0 | 2.0.0",
                "99999999999999999999.0.0",
                "1.0.0-é",
                "3.0.0-0.80000000000000000000000000001",
                ">=1.0.0-99999999999999999999"
            })
    void parseWhenNotTheAcceptedSubsetThenRejected(String range) {
        assertThatThrownBy(() -> NpmRange.parse(range))
                .isInstanceOf(SemverException.class)
                .message()
                .isNotBlank();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                ">2.1.0; 2.1.1",
                ">=2.1.0-rc.1 <3.0.0; 2.1.0-rc.1",
                "2.x; 2.0.0",
                "*; 0.0.0",
                "<3.0.0; 0.0.0",
                ">=2.1.0 <3.0.0 || ^1.8.0; 1.8.0",
                ">=3.0.0 <2.0.0 || >=2.5.0; 2.5.0",
                ">=0.0.0-0; 0.0.0-0",
                ">1.0.0 <1.0.1-rc; 1.0.1-0",
                ">1.0.0-rc; 1.0.0-rc.0",
                "^0.0.3; 0.0.3",
                "~1.2; 1.2.0",
                ">1.2; 1.3.0",
                ">1; 2.0.0",
                "1.2.3 - 2; 1.2.3",
                "* - 2; 0.0.0",
                "=1.2.3+build.5; 1.2.3",
                "<0.0.0-rc; 0.0.0-0"
            })
    void lowestWhenSatisfiableThenTheLowestAllowedVersion(String range, String lowest) throws SemverException {
        assertThat(NpmRange.parse(range).lowest()).map(Semver::canonical).contains(lowest);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                ">=3.0.0 <2.0.0",
                "<0.0.0",
                "<0.0.0-0",
                ">*",
                "<*",
                "1.0.0 2.0.0",
                ">2.0.0 <2.0.1",
                "^1.0.0 <1.0.0"
            })
    void lowestWhenNoVersionSatisfiesThenEmpty(String range) throws SemverException {
        assertThat(NpmRange.parse(range).lowest()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "^1.2.3; 1.9.9; true", "^1.2.3; 2.0.0-0; false", "^1.2.3; 1.3.0-beta; false", "^0.2.3; 0.3.0; false",
                "~1.2.3; 1.2.9; true", "~1.2.3; 1.3.0; false", "1.2.3 - 2.3.4; 2.3.4; true", "1.2.3 - 2.3; 2.3.9; true",
                "1.2.3 - 2.3; 2.4.0; false", ">=1.2.3-beta; 1.2.3-rc; true", ">=1.2.3-beta; 1.2.4-rc; false",
                        "*; 1.0.0-rc; false",
                "<=1.2; 1.2.9; true", "<1.2; 1.2.0-rc; false", "1.x || >=3.0.0; 2.0.0; false",
                        "1.x || >=3.0.0; 3.1.0; true"
            })
    void satisfiedByWhenVersionThenNpmSemantics(String range, String version, boolean expected) throws SemverException {
        assertThat(NpmRange.parse(range).satisfiedBy(Semver.parse(version))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
        "1.0.0, 1.0.0",
        "0.0.0, 0.0.0",
        "1.2.3-alpha, 1.2.3-alpha",
        "1.2.3-alpha.1.x-y, 1.2.3-alpha.1.x-y",
        "1.2.3+build, 1.2.3",
        "1.2.3-0.a+b.007, 1.2.3-0.a"
    })
    void checkWhenSemverThenAcceptedAndParsedToItsParts(String version, String withoutBuild) throws SemverException {
        assertThatCode(() -> Semver.check(version)).doesNotThrowAnyException();

        Version parsed = Semver.parse(version);

        // Build metadata is checked but takes no part in precedence (SemVer §10), so it is not kept.
        assertThat(Semver.canonical(parsed)).isEqualTo(withoutBuild);
        assertThat(parsed.toString()).isEqualTo(withoutBuild);
    }

    @Test
    void checkWhenNumericPartBeyondLongThenValidSyntaxButNotComparable() {
        assertThatCode(() -> Semver.check("18446744073709551616.0.0")).doesNotThrowAnyException();
        assertThatThrownBy(() -> Semver.parse("18446744073709551616.0.0")).isInstanceOf(SemverException.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1",
                "1.0",
                "1.0.0.0",
                "01.0.0",
                "1.00.0",
                "1.0.0-00",
                "1.0.0-",
                "1.0.0+",
                "1.0.0-a..b",
                "v1.0.0",
                "1.0.0 ",
                "1.0.0\n",
                "1.0.0-ä",
                "",
                "1.0.0+b+c"
            })
    void checkWhenNotSemverThenRejected(String version) {
        assertThatThrownBy(() -> Semver.check(version)).isInstanceOf(SemverException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "1.0.0-alpha, 1.0.0-alpha.1",
        "1.0.0-alpha.1, 1.0.0-alpha.beta",
        "1.0.0-beta.2, 1.0.0-beta.11",
        "1.0.0-rc.1, 1.0.0"
    })
    void parseWhenPrereleasesThenSemverPrecedence(String lower, String higher) throws SemverException {
        Version low = Semver.parse(lower);
        assertThat(low.compareToIgnoreBuildMetadata(Semver.parse(higher))).isNegative();
    }
}
