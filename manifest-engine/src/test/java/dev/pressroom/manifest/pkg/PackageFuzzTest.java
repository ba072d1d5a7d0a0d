package dev.pressroom.manifest.pkg;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.manifest.validation.TestManifests;
import dev.pressroom.manifest.validation.ValidationReport;
import dev.pressroom.manifest.validation.Violation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Coverage-guided fuzzing of the zip package reader and the icon inspection: they never throw, every finding has a
 * rule and a message, and an accepted SVG holds nothing a browser would run.
 */
class PackageFuzzTest {

    private static final PackageValidator VALIDATOR =
            new PackageValidator(TestManifests.VALIDATOR, PackageLimits.defaults());
    private static final Pattern INVISIBLE = Pattern.compile("[\\s\\p{Cntrl}]+");

    @FuzzTest
    void validatePackageNeverThrows(byte[] zip) {
        ValidationReport report = VALIDATOR.validate(zip);

        assertThat(report.valid()).isEqualTo(report.errors().isEmpty());
        for (Violation error : report.errors()) {
            assertThat(error.message()).isNotBlank();
            assertThat(error.file()).isNotBlank();
        }
    }

    @FuzzTest
    void acceptedSvgIconHoldsNoScript(byte[] svg) throws XMLStreamException {
        IconInspector.Icon icon = IconInspector.svg(new ByteArrayInputStream(svg));

        if (icon.problem() == null) {
            // A blocklist of what browsers run, checked independently of the allowlist that accepted the icon.
            XMLStreamReader reader =
                    XMLInputFactory.newDefaultFactory().createXMLStreamReader(new ByteArrayInputStream(svg));
            while (reader.hasNext()) {
                if (reader.next() != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                assertThat(reader.getLocalName().toLowerCase(Locale.ROOT))
                        .isNotIn("script", "foreignobject", "iframe", "a");
                for (int i = 0; i < reader.getAttributeCount(); i++) {
                    String value = INVISIBLE
                            .matcher(reader.getAttributeValue(i))
                            .replaceAll("")
                            .toLowerCase(Locale.ROOT);
                    assertThat(reader.getAttributeLocalName(i).toLowerCase(Locale.ROOT))
                            .doesNotStartWith("on");
                    assertThat(value).doesNotContain("javascript:", "data:");
                }
            }
            assertThat(icon.width()).isNotNegative();
            assertThat(icon.height()).isNotNegative();
        }
    }

    @FuzzTest
    void pngIconNeverThrowsAndSizesArePositive(byte[] png) throws IOException {
        IconInspector.Icon icon = IconInspector.png(new ByteArrayInputStream(png));

        if (icon.problem() == null) {
            assertThat(icon.width()).isPositive();
            assertThat(icon.height()).isPositive();
        }
    }
}
