package dev.pressroom.content.feed;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Parses an answer as XML (failing on anything not well-formed) and reads it with namespace-aware XPath. */
public final class TestXml {

    private static final Map<String, String> NAMESPACES = Map.of(
            "atom",
            "http://www.w3.org/2005/Atom",
            "content",
            "http://purl.org/rss/1.0/modules/content/",
            "dc",
            "http://purl.org/dc/elements/1.1/",
            "sm",
            "http://www.sitemaps.org/schemas/sitemap/0.9");

    private final Document document;
    private final XPath xpath;

    private TestXml(Document document) {
        this.document = document;
        this.xpath = XPathFactory.newInstance().newXPath();
        xpath.setNamespaceContext(new NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                return NAMESPACES.getOrDefault(prefix, XMLConstants.NULL_NS_URI);
            }

            @Override
            public String getPrefix(String uri) {
                return null;
            }

            @Override
            public java.util.Iterator<String> getPrefixes(String uri) {
                return null;
            }
        });
    }

    public static TestXml parse(String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return new TestXml(
                    factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))));
        } catch (Exception e) {
            throw new AssertionError("not well-formed XML: " + e.getMessage(), e);
        }
    }

    public String text(String expression) {
        try {
            return (String) xpath.evaluate(expression, document, XPathConstants.STRING);
        } catch (Exception e) {
            throw new IllegalArgumentException(expression, e);
        }
    }

    public List<String> texts(String expression) {
        try {
            NodeList nodes = (NodeList) xpath.evaluate(expression, document, XPathConstants.NODESET);
            List<String> out = new ArrayList<>();
            for (int i = 0; i < nodes.getLength(); i++) {
                out.add(nodes.item(i).getTextContent());
            }
            return out;
        } catch (Exception e) {
            throw new IllegalArgumentException(expression, e);
        }
    }

    public int count(String expression) {
        return texts(expression).size();
    }
}
