package dev.pressroom.content.feed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FeedWritersTest {

    private static final String HOSTILE = "Tom & Jerry <b>\u0001\uFFFE ]]> \"quoted\" 🍅";

    private static Feed feed() {
        Feed.Entry entry = new Feed.Entry(
                "65f0c0ffee0000000000abcd",
                HOSTILE,
                "https://x.test/a/",
                "<p>" + HOSTILE + "</p>",
                HOSTILE,
                Instant.parse("2025-01-02T03:04:05Z"),
                Instant.parse("2025-01-03T03:04:05Z"),
                "https://x.test/img.PNG?v=1",
                HOSTILE,
                List.of(new Feed.Category("a", HOSTILE, "https://x.test/tag/a/")));
        return new Feed(
                HOSTILE, "", "https://x.test/", "en", "https://api.test/rss/", entry.updatedAt(), List.of(entry));
    }

    @Test
    void rssWhenTextHasMarkupAndInvalidCharactersThenWellFormedAndTextKept() {
        TestXml xml = TestXml.parse(new String(RssWriter.write(feed()), StandardCharsets.UTF_8));
        String expected = "Tom & Jerry <b> ]]> \"quoted\" 🍅";
        assertThat(xml.text("/rss/channel/title")).isEqualTo(expected);
        assertThat(xml.text("/rss/channel/description")).isEqualTo("Tom &amp; Jerry &lt;b&gt; ]]&gt; \"quoted\" 🍅");
        assertThat(xml.text("/rss/channel/item/content:encoded")).isEqualTo("<p>" + expected + "</p>");
        assertThat(xml.text("/rss/channel/item/enclosure/@type")).isEqualTo("image/png");
    }

    @Test
    void rssWhenExcerptHoldsMarkupThenDescriptionIsEscapedHtmlThatRendersAsText() {
        Feed.Entry entry = new Feed.Entry(
                "65f0c0ffee0000000000abcd",
                "t",
                "https://x.test/a/",
                "<p>t</p>",
                "<img src=x onerror=alert(1)> & <script>alert(2)</script>",
                Instant.parse("2025-01-02T03:04:05Z"),
                Instant.parse("2025-01-03T03:04:05Z"),
                null,
                "a",
                List.of());
        Feed feed =
                new Feed("t", "", "https://x.test/", "en", "https://api.test/rss/", entry.updatedAt(), List.of(entry));

        String description = TestXml.parse(new String(RssWriter.write(feed), StandardCharsets.UTF_8))
                .text("/rss/channel/item/description");

        assertThat(description)
                .isEqualTo("&lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;alert(2)&lt;/script&gt;")
                .doesNotContain("<");
    }

    @Test
    void atomWhenTextHasMarkupAndInvalidCharactersThenWellFormedAndTextKept() {
        TestXml xml = TestXml.parse(new String(AtomWriter.write(feed(), "b1"), StandardCharsets.UTF_8));
        assertThat(xml.text("/atom:feed/atom:entry/atom:category/@label"))
                .isEqualTo("Tom & Jerry <b> ]]> \"quoted\" 🍅");
        assertThat(xml.text("/atom:feed/atom:entry/atom:updated")).isEqualTo("2025-01-03T03:04:05Z");
        assertThat(xml.count("/atom:feed/atom:subtitle")).isZero();
    }
}
