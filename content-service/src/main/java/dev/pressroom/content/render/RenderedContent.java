package dev.pressroom.content.render;

import java.util.List;

/** What a Markdown document becomes: unsanitized HTML, its headings, and its plain text for counts and excerpts. */
public record RenderedContent(String html, List<TocEntry> toc, String plainText) {

    public RenderedContent {
        toc = List.copyOf(toc);
    }
}
