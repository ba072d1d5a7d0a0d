package dev.pressroom.content.feed;

import dev.pressroom.content.render.Html;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import javax.xml.stream.XMLStreamException;

/**
 * RSS 2.0 (rssboard.org/rss-specification): channel title, link and description are required; each item has a
 * permanent guid (the post id, so a new custom domain does not make readers see every post again), the excerpt as
 * description, the full HTML in content:encoded, and the feature image as an enclosure. RSS defines a description as
 * HTML and readers render it, so the blog's description and the excerpt (plain text, which may still hold markup: a
 * code literal, a decoded entity, a Ghost export's custom excerpt) are HTML-escaped before XML escapes them again.
 */
public final class RssWriter {

    static final String CONTENT = "http://purl.org/rss/1.0/modules/content/";
    static final String DC = "http://purl.org/dc/elements/1.1/";
    static final String ATOM = "http://www.w3.org/2005/Atom";

    private RssWriter() {}

    public static byte[] write(Feed feed) {
        return Xml.document(4096 + feed.entries().size() * 12_000, xml -> {
            xml.start("rss").attribute("version", "2.0");
            xml.raw().writeNamespace("content", CONTENT);
            xml.raw().writeNamespace("dc", DC);
            xml.raw().writeNamespace("atom", ATOM);
            xml.start("channel")
                    .element("title", feed.title())
                    .element("link", feed.siteUrl())
                    .element("description", Html.text(feed.description().isEmpty() ? feed.title() : feed.description()))
                    .element("language", feed.lang())
                    .element("generator", "Pressroom")
                    .element("lastBuildDate", date(feed.updated()));
            // Recommended by the RSS Advisory Board: the feed's own address.
            xml.start("atom", "link", ATOM)
                    .attribute("href", feed.selfUrl())
                    .attribute("rel", "self")
                    .attribute("type", "application/rss+xml")
                    .end();
            for (Feed.Entry entry : feed.entries()) {
                item(xml, entry);
            }
            xml.end().end();
        });
    }

    private static void item(Xml xml, Feed.Entry entry) throws XMLStreamException {
        xml.start("item")
                .element("title", entry.title())
                .element("link", entry.url())
                .start("guid")
                .attribute("isPermaLink", "false");
        xml.raw().writeCharacters(entry.id());
        xml.end()
                .element("description", entry.excerpt() == null ? null : Html.text(entry.excerpt()))
                .element("pubDate", date(entry.publishedAt()))
                .element("dc", "creator", DC, entry.author());
        for (Feed.Category category : entry.categories()) {
            xml.element("category", category.name());
        }
        if (entry.featureImage() != null) {
            // The length is unknown without fetching the image; 0 is the RSS Advisory Board's advice for that case.
            xml.start("enclosure")
                    .attribute("url", entry.featureImage())
                    .attribute("length", "0")
                    .attribute("type", ImageTypes.of(entry.featureImage()))
                    .end();
        }
        xml.element("content", "encoded", CONTENT, entry.html()).end();
    }

    /** RFC 822 dates, as RSS 2.0 requires (four-digit years, GMT). */
    static String date(Instant instant) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(instant.atOffset(ZoneOffset.UTC));
    }
}
