package dev.pressroom.manifest.pkg;

import static dev.pressroom.manifest.pkg.TestPackages.png;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.pressroom.manifest.validation.TestManifests;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Package checks on real zips built in the test, hostile ones included. */
class PackageValidatorTest {

    private static final PackageValidator VALIDATOR =
            new PackageValidator(TestManifests.VALIDATOR, PackageLimits.defaults());
    private static final String SVG =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 256 256\"><rect width=\"10\" height=\"10\"/></svg>";

    /** The feature app fixture with its entry, icon and a README. */
    static TestPackages featurePackage() {
        return TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .add("app/", new byte[0])
                .add("app/index.html", "<!doctype html><title>Coach</title>")
                .add("assets/icon.png", png(256, 256))
                .add("README.md", "# Savings Coach");
    }

    @Test
    void validateWhenCompletePackageThenValid() {
        ValidationReport report = VALIDATOR.validate(featurePackage().zip());

        assertThat(report.errors()).isEmpty();
        assertThat(report.manifest().id()).isEqualTo("savings-coach");
    }

    @Test
    void validateWhenEntryFileMissingThenEntryMissingAtTheEntryLine() {
        byte[] zip = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .add("assets/icon.png", png(256, 256))
                .zip();

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id(), Violation::pointer, Violation::line)
                .containsExactly(tuple("entry-missing", "/entry", 12));
    }

    @Test
    void validateWhenIconMissingThenIconMissing() {
        byte[] zip = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .add("app/index.html", "<html>")
                .zip();

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("icon-missing");
    }

    @Test
    void validateWhenIconIsNotAPngThenIconContent() {
        byte[] zip =
                featurePackage().add("assets/icon.png", "GIF89a not really").zip();

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id(), Violation::pointer)
                .containsExactly(tuple("icon-content", "/icon"));
    }

    @Test
    void validateWhenPngWithBrokenHeaderChecksumThenIconContent() {
        byte[] broken = png(256, 256);
        broken[20] ^= 0x01;

        assertThat(VALIDATOR
                        .validate(
                                featurePackage().add("assets/icon.png", broken).zip())
                        .errors())
                .extracting(v -> v.rule().id())
                .containsExactly("icon-content");
    }

    @Test
    void validateWhenIconNotSquareOrFarFrom256ThenWarningOnly() {
        ValidationReport wide = VALIDATOR.validate(
                featurePackage().add("assets/icon.png", png(300, 150)).zip());
        ValidationReport tiny = VALIDATOR.validate(
                featurePackage().add("assets/icon.png", png(64, 64)).zip());
        ValidationReport large = VALIDATOR.validate(
                featurePackage().add("assets/icon.png", png(513, 513)).zip());
        ValidationReport retina = VALIDATOR.validate(
                featurePackage().add("assets/icon.png", png(512, 512)).zip());

        assertThat(wide.valid()).isTrue();
        assertThat(wide.warnings()).extracting(v -> v.rule().id()).contains("icon-size");
        assertThat(tiny.warnings()).extracting(v -> v.rule().id()).contains("icon-size");
        assertThat(large.warnings()).extracting(v -> v.rule().id()).contains("icon-size");
        assertThat(retina.warnings()).extracting(v -> v.rule().id()).doesNotContain("icon-size");
    }

    @Test
    void validateWhenSvgIconThenSizeFromViewBox() {
        byte[] zip = svgPackage(SVG.replace("0 0 256 256", "0 0 256 128"));

        ValidationReport report = VALIDATOR.validate(zip);

        assertThat(report.valid()).isTrue();
        assertThat(report.warnings()).extracting(Violation::message).anyMatch(m -> m.contains("256x128"));
        assertThat(VALIDATOR.validate(svgPackage(SVG)).warnings())
                .extracting(v -> v.rule().id())
                .doesNotContain("icon-size");
    }

    @Test
    void validateWhenSvgHasScriptOrHandlerOrDoctypeOrIsNotSvgThenIconContent() {
        String[] hostile = {
            SVG.replace("<rect", "<script>alert(1)</script><rect"),
            SVG.replace("<rect", "<rect onload=\"alert(1)\""),
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><svg xmlns=\"http://www.w3.org/2000/svg\">&b;</svg>",
            "<html><body/></html>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
        };
        for (String svg : hostile) {
            assertThat(VALIDATOR.validate(svgPackage(svg)).errors())
                    .as(svg)
                    .extracting(v -> v.rule().id())
                    .containsExactly("icon-content");
        }
    }

    @Test
    void validateWhenNoDescriptionAndNoReadmeThenWarning() {
        byte[] manifest = TestManifests.feature(m -> m.remove("description"));
        byte[] withoutReadme = TestPackages.builder()
                .add("manifest.json", manifest)
                .add("app/index.html", "<html>")
                .add("assets/icon.png", png(256, 256))
                .zip();
        byte[] withReadme = TestPackages.builder()
                .add("manifest.json", manifest)
                .add("app/index.html", "<html>")
                .add("assets/icon.png", png(256, 256))
                .add("README.md", "# Hi")
                .zip();

        assertThat(VALIDATOR.validate(withoutReadme).warnings())
                .extracting(v -> v.rule().id())
                .contains("description-missing");
        assertThat(VALIDATOR.validate(withReadme).warnings())
                .extracting(v -> v.rule().id())
                .doesNotContain("description-missing");
    }

    @Test
    void validateWhenManifestNotAtRootThenManifestMissingWithHint() {
        byte[] zip = TestPackages.builder()
                .add("coach/manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .zip();

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id(), Violation::message)
                .containsExactly(tuple(
                        "manifest-missing",
                        "There is no manifest.json at the package root, but there is "
                                + "\"coach/manifest.json\": zip the add-on folder's contents, not the folder itself."));
    }

    @Test
    void validateWhenZipSlipEntriesThenEachRefusedAndManifestStillChecked() {
        byte[] zip = featurePackage()
                .add("../../etc/cron.d/evil", "x")
                .add("/abs/path.txt", "x")
                .add("a\\..\\b.txt", "x")
                .add("C:/windows.txt", "x")
                .zip();

        ValidationReport report = VALIDATOR.validate(zip);

        assertThat(report.errors())
                .extracting(v -> v.rule().id())
                .containsExactly(
                        "package-unsafe-path", "package-unsafe-path", "package-unsafe-path", "package-unsafe-path");
        assertThat(report.errors().get(0).message())
                .contains("../../etc/cron.d/evil")
                .contains("zip slip");
        assertThat(report.errors().get(0).file()).isEqualTo("package.zip");
    }

    @Test
    void validateWhenSymlinkEntryThenRefused() {
        byte[] zip =
                TestPackages.symlink(featurePackage().add("link", "/etc/passwd").zip(), 5);

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-symlink");
    }

    @Test
    void validateWhenZipBombOverTotalSizeThenPackageLimitsPromptly() {
        PackageValidator strict =
                new PackageValidator(TestManifests.VALIDATOR, new PackageLimits(100, 1024 * 1024, 1000));
        byte[] bomb =
                featurePackage().add("zeros.bin", new byte[2 * 1024 * 1024]).zip();

        assertThat(strict.validate(bomb).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-limits");
    }

    @Test
    void validateWhenCompressionRatioTooHighThenPackageLimits() {
        byte[] bomb = featurePackage().add("zeros.bin", new byte[1024 * 1024]).zip();

        assertThat(VALIDATOR.validate(bomb).errors())
                .extracting(v -> v.rule().id(), Violation::message)
                .singleElement()
                .satisfies(t -> assertThat(t.toList().get(1).toString())
                        .contains("zeros.bin")
                        .contains("100:1"));
    }

    @Test
    void validateWhenTooManyEntriesThenPackageLimits() {
        PackageValidator strict = new PackageValidator(TestManifests.VALIDATOR, new PackageLimits(5, 1024 * 1024, 100));
        TestPackages pkg = featurePackage();
        for (int i = 0; i < 5; i++) {
            pkg.add("file" + i + ".txt", "x");
        }

        assertThat(strict.validate(pkg.zip()).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-limits");
    }

    @Test
    void validateWhenEntriesOverlapThenPackageLimits() {
        byte[] zip = TestPackages.patchCentral(featurePackage().zip(), 1, 42, 0, 4);

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-limits");
    }

    @Test
    void validateWhenCentralHeaderUnderstatesTheSizeThenPackageLayout() {
        byte[] zip = featurePackage().add("big.txt", "y".repeat(5000)).zip();
        byte[] lying = TestPackages.patchCentral(zip, 5, 24, 10, 4);

        assertThat(VALIDATOR.validate(lying).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-layout");
    }

    @Test
    void validateWhenEncryptedEntryThenPackageInvalid() {
        byte[] zip = TestPackages.patchCentral(featurePackage().zip(), 0, 8, 1, 2);

        assertThat(VALIDATOR.validate(zip).errors())
                .extracting(v -> v.rule().id(), Violation::pointer)
                .containsExactly(tuple("package-invalid", null));
    }

    @Test
    void validateWhenNotAZipOrTruncatedThenPackageInvalid() {
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        byte[] zip = featurePackage().zip();
        byte[] truncated = java.util.Arrays.copyOf(zip, zip.length / 2);

        assertThat(VALIDATOR.validate(noise).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-invalid");
        assertThat(VALIDATOR.validate(truncated).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-invalid");
        assertThat(VALIDATOR.validate(new byte[0]).errors())
                .extracting(v -> v.rule().id())
                .containsExactly("package-invalid");
    }

    @Test
    void validateWhenRandomlyCorruptedThenNeverThrows() {
        Random random = new Random(11);
        byte[] zip = featurePackage().zip();
        for (int i = 0; i < 500; i++) {
            byte[] corrupt = zip.clone();
            for (int j = 0; j < 3; j++) {
                corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
            }
            assertThat(VALIDATOR.validate(corrupt)).isNotNull();
        }
    }

    @Test
    void validateWhenManifestInvalidThenItsErrorsWithLinesAndPackageErrorsTogether() {
        byte[] zip = featurePackage()
                .add("manifest.json", TestManifests.feature(m -> m.put("id", "X")))
                .add("../x", "x")
                .zip();

        ValidationReport report = VALIDATOR.validate(zip);

        assertThat(report.errors())
                .extracting(v -> v.rule().id(), Violation::file)
                .containsExactly(
                        tuple("package-unsafe-path", "package.zip"),
                        tuple("length", "manifest.json"),
                        tuple("pattern", "manifest.json"));
        assertThat(report.errors().get(1).line()).isEqualTo(4);
    }

    private static byte[] svgPackage(String svg) {
        return TestPackages.builder()
                .add("manifest.json", TestManifests.feature(m -> m.put("icon", "icon.svg")))
                .add("app/index.html", "<html>")
                .add("icon.svg", svg)
                .zip();
    }
}
