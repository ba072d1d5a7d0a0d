package dev.pressroom.content.feed;

import java.io.ByteArrayOutputStream;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** Well-formed XML through StAX: the writer escapes text and attributes; this drops what XML 1.0 cannot carry at all. */
public final class Xml {

    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    /** Writes one document. */
    public interface Body {
        void write(Xml xml) throws XMLStreamException;
    }

    private final XMLStreamWriter writer;

    private Xml(XMLStreamWriter writer) {
        this.writer = writer;
    }

    public static byte[] document(int sizeHint, Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(sizeHint);
        try {
            XMLStreamWriter writer = FACTORY.createXMLStreamWriter(out, "UTF-8");
            writer.writeStartDocument("UTF-8", "1.0");
            body.write(new Xml(writer));
            writer.writeEndDocument();
            writer.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("XML writing failed", e);
        }
        return out.toByteArray();
    }

    public XMLStreamWriter raw() {
        return writer;
    }

    public Xml start(String name) throws XMLStreamException {
        writer.writeStartElement(name);
        return this;
    }

    public Xml start(String prefix, String name, String namespace) throws XMLStreamException {
        writer.writeStartElement(prefix, name, namespace);
        return this;
    }

    public Xml attribute(String name, String value) throws XMLStreamException {
        writer.writeAttribute(name, clean(value));
        return this;
    }

    public Xml end() throws XMLStreamException {
        writer.writeEndElement();
        return this;
    }

    /** {@code <name>text</name>}, nothing when text is null. */
    public Xml element(String name, String text) throws XMLStreamException {
        if (text != null) {
            writer.writeStartElement(name);
            writer.writeCharacters(clean(text));
            writer.writeEndElement();
        }
        return this;
    }

    public Xml element(String prefix, String name, String namespace, String text) throws XMLStreamException {
        if (text != null) {
            writer.writeStartElement(prefix, name, namespace);
            writer.writeCharacters(clean(text));
            writer.writeEndElement();
        }
        return this;
    }

    /** Removes characters outside XML 1.0's Char production (control characters, lone surrogates, U+FFFE/FFFF). */
    static String clean(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok = c == '\t'
                    || c == '\n'
                    || c == '\r'
                    || (c >= 0x20 && c <= 0xD7FF)
                    || (c >= 0xE000 && c <= 0xFFFD)
                    || (Character.isHighSurrogate(c)
                            && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1)))
                    || (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(text.charAt(i - 1)));
            if (!ok && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            } else if (ok && out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
