package dev.pressroom.content.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MarkdownRendererTest {

    private final MarkdownRenderer renderer = new MarkdownRenderer();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            recipe   | :::recipe title="Soup" serves=4 prep=5 cook=20\\n- salt\\n:::      | <section class="card card-recipe">
            product  | :::product title="Tray" url="https://shop.example/t" price="€3"\\nGood.\\n::: | <div class="card card-product">
            gallery  | :::gallery\\n![a](/a.jpg)\\n:::                                      | <figure class="card card-gallery">
            embed    | :::embed url="https://vimeo.com/123456"\\n:::                      | <figure class="card card-embed"><iframe src="https://player.vimeo.com/video/123456"
            bookmark | :::bookmark url="https://example.com/" title="Ex"\\n:::            | <figure class="card card-bookmark">
            button   | :::button url="/x/" label="Go"\\n:::                               | <div class="card card-button"><a class="card-button-link" href="/x/">Go</a>
            tip      | :::tip\\nCareful.\\n:::                                            | <aside class="callout callout-tip"><p>Careful.</p>
            """)
    void renderWhenCardThenStableClasses(String card, String markdown, String expected) {
        assertThat(renderer.render(markdown.replace("\\n", "\n")).html()).contains(expected);
    }

    /** Found by the native executable's import (ContentServiceNativeIT): Jackson saw no properties in the record. */
    @Test
    void tocWhenStoredAsJsonThenItsEntriesAreOpenToJacksonInANativeImage() {
        RenderedContent content = renderer.render("## Stock\n\nBones.\n");

        assertThat(new ObjectMapper().valueToTree(content.toc()).toString())
                .isEqualTo("[{\"level\":2,\"id\":\"stock\",\"text\":\"Stock\"}]");
        assertThat(content.toc().get(0).getClass()).hasAnnotation(RegisterForReflection.class);
    }

    @Test
    void renderWhenEmbedFromUnknownProviderThenPlainLink() {
        String html = renderer.render(":::embed url=\"https://evil.example/page\" title=\"Look\"\n:::\n")
                .html();
        assertThat(html).doesNotContain("<iframe").contains("<a href=\"https://evil.example/page\">Look</a>");
    }

    @Test
    void renderWhenYoutubeEmbedThenPrivacyPlayer() {
        assertThat(renderer.render(":::embed url=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\"\n:::")
                        .html())
                .contains("src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\"");
    }

    @Test
    void renderWhenHeadingsThenUniqueIdsAndToc() {
        RenderedContent content = renderer.render("# Intro\n\n## Method\n\n:::tip\n## Method\n:::\n");
        assertThat(content.html())
                .contains("<h1 id=\"intro\">")
                .contains("<h2 id=\"method\">")
                .contains("<h2 id=\"method-1\">");
        assertThat(content.toc())
                .containsExactly(
                        new TocEntry(1, "intro", "Intro"),
                        new TocEntry(2, "method", "Method"),
                        new TocEntry(2, "method-1", "Method"));
    }

    @Test
    void renderWhenCardAttributesHaveMarkupThenEscaped() {
        String html = renderer.render(":::button url=\"/x\" label=\"<script>alert(1)</script>\"\n:::")
                .html();
        assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;");
    }

    @Test
    void renderWhenDirectiveInsideCodeFenceThenText() {
        String html = renderer.render("```\n:::tip\n```\n").html();
        assertThat(html).contains("<pre><code>:::tip").doesNotContain("callout");
    }

    @Test
    void renderWhenUnknownCardThenErrorWithLine() {
        assertThatThrownBy(() -> renderer.render("text\n\n:::video url=\"x\"\n:::"))
                .isInstanceOf(MarkdownException.class)
                .hasMessageContaining("unknown card ':::video'")
                .extracting(e -> ((MarkdownException) e).line())
                .isEqualTo(3);
    }

    @Test
    void renderWhenCardNeverClosedThenErrorWithLine() {
        assertThatThrownBy(() -> renderer.render("a\n:::tip\nb\n"))
                .isInstanceOf(MarkdownException.class)
                .extracting(e -> ((MarkdownException) e).line())
                .isEqualTo(2);
    }

    @Test
    void renderWhenRequiredAttributeMissingThenError() {
        assertThatThrownBy(() -> renderer.render(":::button label=\"Go\"\n:::"))
                .isInstanceOf(MarkdownException.class)
                .hasMessageContaining("needs the attribute url");
    }

    @Test
    void renderWhenCardsNestedThenError() {
        assertThatThrownBy(() -> renderer.render(":::tip\n:::recipe\n:::\n:::"))
                .isInstanceOf(MarkdownException.class)
                .hasMessageContaining("nested");
    }

    @Test
    void renderWhenTextThenPlainTextForCounts() {
        assertThat(renderer.render("Hello **bold** [link](/x)\n\n:::tip\ninside\n:::")
                        .plainText())
                .contains("Hello bold link")
                .contains("inside");
    }
}
