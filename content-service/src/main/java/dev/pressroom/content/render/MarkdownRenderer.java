package dev.pressroom.content.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.strikethrough.StrikethroughExtension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.IdGenerator;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.AttributeProvider;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Markdown (CommonMark with GFM tables and strikethrough, parsed by commonmark-java) plus cards, to HTML.
 * Headings get unique ids and make up the table of contents. The HTML still has to go through the sanitizer.
 */
public final class MarkdownRenderer {

    private static final List<Extension> EXTENSIONS =
            List.of(TablesExtension.create(), StrikethroughExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();

    public RenderedContent render(String markdown) {
        Document document = new Document();
        for (Segment segment : CardSplitter.split(markdown, 1)) {
            if (segment instanceof Segment.Card card) {
                document.html.append(CardRenderer.render(card, document.markdown(card.body())));
            } else {
                document.html.append(document.markdown(((Segment.Markdown) segment).text()));
            }
        }
        return new RenderedContent(
                document.html.toString(), document.toc, document.text.toString().strip());
    }

    /** One document being rendered: heading ids stay unique across its Markdown pieces and card bodies. */
    private static final class Document {
        private final StringBuilder html = new StringBuilder();
        private final StringBuilder text = new StringBuilder();
        private final List<TocEntry> toc = new ArrayList<>();
        private final IdGenerator ids = IdGenerator.builder().build();
        private final HtmlRenderer renderer = HtmlRenderer.builder()
                .extensions(EXTENSIONS)
                .attributeProviderFactory(context -> new HeadingIds())
                .build();

        String markdown(String source) {
            Node node = PARSER.parse(source);
            text.append(PlainText.of(node)).append('\n');
            return renderer.render(node);
        }

        private final class HeadingIds implements AttributeProvider {
            @Override
            public void setAttributes(Node node, String tagName, Map<String, String> attributes) {
                if (node instanceof Heading heading) {
                    String label = PlainText.of(heading);
                    String id = ids.generateId(label.isEmpty() ? "section" : label);
                    attributes.put("id", id);
                    toc.add(new TocEntry(heading.getLevel(), id, label));
                }
            }
        }
    }
}
