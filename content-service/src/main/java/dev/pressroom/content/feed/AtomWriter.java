package dev.pressroom.content.feed;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import javax.xml.stream.XMLStreamException;

/**
 * Atom 1.0 (RFC 4287): the feed has id, title, updated and a self link (§4.1.1); every entry has id, title,
 * updated, an author (so the feed needs none, §4.1.1) and an alternate link; the full HTML is content of type html.
 * Entry ids are tag URIs (RFC 4151) built from the post id, which no domain change alters.
 */
public final class AtomWriter {

    static final String NS = "http://www.w3.org/2005/Atom";
    private static final String TAG_PREFIX = "tag:pressroom.blog,2025:";

    private AtomWriter() {}

    public static byte[] write(Feed feed, String blogId) {
        return Xml.document(4096 + feed.entries().size() * 12_000, xml -> {
            xml.start("feed");
            xml.raw().writeDefaultNamespace(NS);
            xml.raw().writeAttribute("xml", "http://www.w3.org/XML/1998/namespace", "lang", feed.lang());
            xml.element("id", TAG_PREFIX + "blog/" + blogId)
                    .element("title", feed.title())
                    .element("subtitle", feed.description().isEmpty() ? null : feed.description())
                    .element("updated", date(feed.updated()))
                    .start("link")
                    .attribute("rel", "self")
                    .attribute("type", "application/atom+xml")
                    .attribute("href", feed.selfUrl())
                    .end()
                    .start("link")
                    .attribute("rel", "alternate")
                    .attribute("type", "text/html")
                    .attribute("href", feed.siteUrl())
                    .end()
                    .element("generator", "Pressroom");
            for (Feed.Entry entry : feed.entries()) {
                entry(xml, entry);
            }
            xml.end();
        });
    }

    private static void entry(Xml xml, Feed.Entry entry) throws XMLStreamException {
        xml.start("entry")
                .element("id", TAG_PREFIX + "post/" + entry.id())
                .element("title", entry.title())
                .start("link")
                .attribute("rel", "alternate")
                .attribute("type", "text/html")
                .attribute("href", entry.url())
                .end()
                .element("published", date(entry.publishedAt()))
                .element("updated", date(entry.updatedAt()))
                .start("author")
                .element("name", entry.author())
                .end();
        for (Feed.Category category : entry.categories()) {
            xml.start("category")
                    .attribute("term", category.slug())
                    .attribute("label", category.name())
                    .attribute("scheme", category.url())
                    .end();
        }
        if (entry.featureImage() != null) {
            xml.start("link")
                    .attribute("rel", "enclosure")
                    .attribute("type", ImageTypes.of(entry.featureImage()))
                    .attribute("href", entry.featureImage())
                    .end();
        }
        xml.element("summary", entry.excerpt());
        xml.start("content").attribute("type", "html");
        xml.raw().writeCharacters(Xml.clean(entry.html()));
        xml.end().end();
    }

    /** RFC 3339 with a Z offset (RFC 4287 §3.3). */
    static String date(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
