package dev.pressroom.manifest.pkg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.manifest.validation.TestManifests;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A zip has two descriptions of each entry, the local header and the central directory; unzip tools differ in which
 * they trust. A package is accepted only when both say the same and nothing hides between the entries.
 */
class ZipStrictnessTest {

    private static final PackageValidator VALIDATOR =
            new PackageValidator(TestManifests.VALIDATOR, PackageLimits.defaults());
    private static final byte[] THEME = TestManifests.bytes("valid/theme.json");

    /** A valid theme package, with one more entry told to lie as the test says. */
    private static byte[] themeWith(String name, Consumer<RawZip.Entry> lie) {
        return new RawZip()
                .add("manifest.json", THEME, e -> {})
                .add("tokens.json", "{}")
                .add(name, "payload".getBytes(StandardCharsets.UTF_8), lie)
                .zip();
    }

    @Test
    void validateWhenEveryHeaderAgreesThenValid() {
        ValidationReport report = VALIDATOR.validate(themeWith("notes.txt", e -> {}));

        assertThat(report.errors()).isEmpty();
    }

    @Test
    void validateWhenLocalNameEscapesBehindABenignCentralNameThenRefused() {
        byte[] zip = themeWith("notes.txt", e -> e.localName = "../../.bashrc");

        assertThat(rules(zip)).containsExactly("package-layout");
        assertThat(messages(zip))
                .singleElement()
                .asString()
                .contains("local header of \"notes.txt\"", "\"../../.bashrc\"");
    }

    @Test
    void validateWhenLocalMethodSizeOrCrcDifferFromTheCentralDirectoryThenRefused() {
        assertThat(rules(themeWith("a.txt", e -> e.localMethod = 8))).containsExactly("package-layout");
        assertThat(rules(themeWith("a.txt", e -> e.localSize = 3))).containsExactly("package-layout");
        assertThat(rules(themeWith("a.txt", e -> e.localCrc = 42))).containsExactly("package-layout");
    }

    @Test
    void validateWhenDataDescriptorDisagreesWithTheCentralDirectoryThenRefused() {
        // java.util.zip writes deflated entries with a data descriptor (signature, CRC-32, sizes) after the data.
        byte[] zip = TestPackages.builder()
                .add("manifest.json", THEME)
                .add("tokens.json", "{}")
                .zip();
        ByteBuffer bytes = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int descriptor = 0;
        while (bytes.getInt(descriptor) != 0x08074b50) {
            descriptor++;
        }
        bytes.putInt(descriptor + 4, bytes.getInt(descriptor + 4) ^ 1);

        assertThat(rules(zip)).containsExactly("package-layout");
        assertThat(messages(zip)).singleElement().asString().contains("data descriptor");
    }

    @Test
    void validateWhenBytesHideBetweenEntriesOrBeforeTheFirstThenRefused() {
        byte[] hidden = "#!/bin/sh\nrm -rf ~\n".getBytes(StandardCharsets.UTF_8);

        assertThat(rules(themeWith("a.txt", e -> e.hiddenBefore = hidden))).containsExactly("package-layout");
        byte[] prefixed = new RawZip()
                .add("manifest.json", THEME, e -> e.hiddenBefore = hidden)
                .add("tokens.json", "{}")
                .zip();
        assertThat(rules(prefixed)).containsExactly("package-layout");
    }

    @Test
    void validateWhenEndRecordCountsDisagreeThenRefused() {
        byte[] zip = new RawZip()
                .add("manifest.json", THEME, e -> {})
                .add("tokens.json", "{}")
                .miscountOnDisk(1)
                .zip();

        assertThat(rules(zip)).containsExactly("package-layout");
    }

    @Test
    void validateWhenUnicodePathFieldNamesAnotherPathThenRefused() {
        byte[] field = RawZip.unicodePath("notes.txt", "../../.bashrc");

        assertThat(rules(themeWith("notes.txt", e -> e.centralExtra = field))).containsExactly("package-layout");
        assertThat(rules(themeWith("notes.txt", e -> e.localExtra = field))).containsExactly("package-layout");
    }

    @Test
    void validateWhenUnicodePathFieldRepeatsTheNameThenValid() {
        byte[] field = RawZip.unicodePath("notes.txt", "notes.txt");

        assertThat(rules(themeWith("notes.txt", e -> {
                    e.centralExtra = field;
                    e.localExtra = field;
                })))
                .isEmpty();
    }

    @Test
    void validateWhenSymlinkModeButNotMadeByUnixThenStillRefused() {
        byte[] zip = themeWith("link", e -> {
            e.madeBy = 0; // MS-DOS, yet some extractors honour the Unix mode bits
            e.externalAttributes = 0120777L << 16;
        });

        assertThat(rules(zip)).containsExactly("package-symlink");
    }

    private static List<String> rules(byte[] zip) {
        return VALIDATOR.validate(zip).errors().stream().map(v -> v.rule().id()).toList();
    }

    private static List<String> messages(byte[] zip) {
        return VALIDATOR.validate(zip).errors().stream().map(Violation::message).toList();
    }
}
