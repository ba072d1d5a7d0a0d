package dev.pressroom.content.sitemap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SitemapFileTest {

    @Test
    void filesWhenProtocolLimitThenSplitAt50000() {
        assertThat(SitemapFile.files(0, 50_000)).isEqualTo(1);
        assertThat(SitemapFile.files(50_000, 50_000)).isEqualTo(1);
        assertThat(SitemapFile.files(50_001, 50_000)).isEqualTo(2);
        assertThat(SitemapFile.files(100_000, 50_000)).isEqualTo(2);
    }

    @Test
    void parseWhenNamesThenOneNamePerFile() {
        assertThat(SitemapFile.parse("posts")).contains(new SitemapFile(SitemapFile.Type.POSTS, 1));
        assertThat(SitemapFile.parse("authors-12")).contains(new SitemapFile(SitemapFile.Type.AUTHORS, 12));
        assertThat(SitemapFile.parse("posts-1")).isEmpty();
        assertThat(SitemapFile.parse("posts-01")).isEmpty();
        assertThat(SitemapFile.parse("Posts")).isEmpty();
        assertThat(new SitemapFile(SitemapFile.Type.TAGS, 2).fileName()).isEqualTo("sitemap-tags-2.xml");
    }
}
