package dev.pressroom.content.sitemap;

import dev.pressroom.content.feed.Xml;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** Sitemap protocol 0.9 documents (sitemaps.org/protocol.html): an index of files, and url sets with lastmod. */
public final class SitemapWriter {

    static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

    /** A URL (of a page or of a sitemap file) and when it last changed (null when unknown: lastmod is optional). */
    public record Entry(String loc, Instant lastmod) {}

    private SitemapWriter() {}

    public static byte[] index(List<Entry> files) {
        return write("sitemapindex", "sitemap", files);
    }

    public static byte[] urlset(List<Entry> urls) {
        return write("urlset", "url", urls);
    }

    private static byte[] write(String root, String element, List<Entry> entries) {
        return Xml.document(256 + entries.size() * 120, xml -> {
            xml.start(root);
            xml.raw().writeDefaultNamespace(NS);
            for (Entry entry : entries) {
                xml.start(element)
                        .element("loc", entry.loc())
                        .element(
                                "lastmod",
                                entry.lastmod() == null ? null : DateTimeFormatter.ISO_INSTANT.format(entry.lastmod()))
                        .end();
            }
            xml.end();
        });
    }
}
