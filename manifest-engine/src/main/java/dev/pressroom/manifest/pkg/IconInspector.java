package dev.pressroom.manifest.pkg;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Looks at an icon file without rendering it: a PNG must start with the signature and a well-formed IHDR chunk
 * (PNG spec §5.2-5.3, §11.2.2), an SVG must be XML whose root is svg, with no DTD (no entity expansion), no
 * processing instruction (no style sheet) and only what {@link SvgAllowlist} allows. The size comes from IHDR, or from
 * the SVG's width/height or viewBox.
 */
final class IconInspector {

    /** What the file is: {@code problem} set when it is not a real icon, else its size when known (0 when not). */
    record Icon(String problem, double width, double height) {
        static Icon bad(String problem) {
            return new Icon(problem, 0, 0);
        }
    }

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final XMLInputFactory XML = secureFactory();

    private IconInspector() {}

    /** The icon file {@code path} of the package, a PNG or an SVG by its name, read as a stream. */
    static Icon inspect(String path, PackageContents contents) {
        try (InputStream in = contents.open(path)) {
            return path.endsWith(".png") ? png(in) : svg(in);
        } catch (IOException e) {
            return Icon.bad("cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Only the signature and the IHDR chunk are read: the first 33 bytes. */
    static Icon png(InputStream in) throws IOException {
        byte[] b = in.readNBytes(33);
        if (b.length < 33) {
            return Icon.bad("is not a PNG image (too short)");
        }
        for (int i = 0; i < PNG_SIGNATURE.length; i++) {
            if (b[i] != PNG_SIGNATURE[i]) {
                return Icon.bad("is not a PNG image (no PNG signature)");
            }
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        if (buf.getInt(8) != 13 || buf.getInt(12) != 0x49484452) { // length 13, "IHDR"
            return Icon.bad("is not a valid PNG image (the first chunk is not IHDR)");
        }
        CRC32 crc = new CRC32();
        crc.update(b, 12, 17);
        if ((int) crc.getValue() != buf.getInt(29)) {
            return Icon.bad("is not a valid PNG image (IHDR checksum mismatch)");
        }
        long width = buf.getInt(16) & 0xFFFFFFFFL;
        long height = buf.getInt(20) & 0xFFFFFFFFL;
        if (width == 0 || height == 0) {
            return Icon.bad("is not a valid PNG image (zero width or height)");
        }
        return new Icon(null, width, height);
    }

    static Icon svg(InputStream in) {
        XMLStreamReader reader = null;
        try {
            reader = XML.createXMLStreamReader(in);
            Icon icon = null;
            while (reader.hasNext()) {
                int event = reader.next();
                if (event == XMLStreamConstants.DTD) {
                    return Icon.bad("is an SVG with a DOCTYPE; remove it (entities are not allowed)");
                }
                if (event == XMLStreamConstants.PROCESSING_INSTRUCTION) {
                    return Icon.bad("is an SVG with a processing instruction (<?" + reader.getPITarget()
                            + " ...?>); icons must not load style sheets");
                }
                if (event != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String element = reader.getLocalName();
                if (icon == null) {
                    if (!element.equals("svg")) {
                        return Icon.bad("is not an SVG image (the root element is <" + element + ">, not <svg>)");
                    }
                    icon = svgSize(reader);
                }
                String problem = SvgAllowlist.problem(reader);
                if (problem != null) {
                    return Icon.bad("is an SVG with " + problem
                            + " (icons are static vector graphics that neither run, " + "load nor link anything)");
                }
            }
            return icon == null ? Icon.bad("is not an SVG image (no root element)") : icon;
        } catch (XMLStreamException | RuntimeException e) {
            return Icon.bad("is not an SVG image (not well-formed XML)");
        } finally {
            close(reader);
        }
    }

    private static Icon svgSize(XMLStreamReader svg) {
        double width = length(svg.getAttributeValue(null, "width"));
        double height = length(svg.getAttributeValue(null, "height"));
        if (width > 0 && height > 0) {
            return new Icon(null, width, height);
        }
        String viewBox = svg.getAttributeValue(null, "viewBox");
        if (viewBox != null) {
            String[] parts = viewBox.trim().split("[\\s,]+", -1);
            if (parts.length == 4) {
                return new Icon(null, length(parts[2]), length(parts[3]));
            }
        }
        return new Icon(null, 0, 0);
    }

    /** An SVG length in user units ("256", "256px"); anything else (%, em) is unknown (0). */
    private static double length(String value) {
        if (value == null) {
            return 0;
        }
        String v = value.trim();
        if (v.endsWith("px")) {
            v = v.substring(0, v.length() - 2);
        }
        try {
            double d = Double.parseDouble(v);
            return Double.isFinite(d) && d > 0 ? d : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static XMLInputFactory secureFactory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        return factory;
    }

    private static void close(XMLStreamReader reader) {
        if (reader != null) {
            try {
                reader.close();
            } catch (XMLStreamException ignored) {
                // nothing to release beyond the in-memory stream
            }
        }
    }
}
