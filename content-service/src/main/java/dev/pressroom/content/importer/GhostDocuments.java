package dev.pressroom.content.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.render.Html;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;

/**
 * The HTML of a Ghost post that has no {@code html} in its export, from its editor document: Lexical (Ghost 5 and
 * later) or Mobiledoc (Ghost 1 to 4). Text, headings, quotes, lists, links and inline formats as Ghost renders them,
 * cards through {@link GhostCards}; the card types with no counterpart here are collected in {@link #dropped}.
 */
final class GhostDocuments {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Lexical's text format bits, lowest first, and the element of each. */
    private static final String[] FORMATS = {"strong", "em", "s", "u", "code", "sub", "sup"};

    private final GhostCards cards = new GhostCards();
    private final Set<String> dropped = new TreeSet<>();

    /** The card types met that render as nothing here (members-only, signup, product...). */
    Set<String> dropped() {
        return dropped;
    }

    String lexical(String source) throws java.io.IOException {
        StringBuilder html = new StringBuilder();
        for (JsonNode node : JSON.readTree(source).path("root").path("children")) {
            lexicalNode(node, html);
        }
        return html.toString();
    }

    private void lexicalNode(JsonNode node, StringBuilder html) {
        String type = node.path("type").asText();
        switch (type) {
            case "paragraph" -> wrap("p", node, html);
            case "heading", "extended-heading" -> wrap(tag(node, "h2", "h[1-6]"), node, html);
            case "quote", "extended-quote", "aside" -> wrap("blockquote", node, html);
            case "list" -> wrap("number".equals(node.path("listType").asText()) ? "ol" : "ul", node, html);
            case "listitem" -> wrap("li", node, html);
            case "link", "autolink" -> {
                html.append("<a href=\"")
                        .append(Html.attr(GhostCards.text(node, "url")))
                        .append("\">");
                children(node, html);
                html.append("</a>");
            }
            case "text", "extended-text" -> text(node, html);
            case "linebreak" -> html.append("<br>");
            case "tab" -> html.append('\t');
            default -> {
                if (GhostCards.renders(type)) {
                    html.append(cards.render(type, node));
                } else if (node.has("children")) {
                    children(node, html);
                } else {
                    dropped.add(type);
                }
            }
        }
    }

    private void wrap(String tag, JsonNode node, StringBuilder html) {
        html.append('<').append(tag).append('>');
        children(node, html);
        html.append("</").append(tag).append('>');
    }

    private void children(JsonNode node, StringBuilder html) {
        for (JsonNode child : node.path("children")) {
            lexicalNode(child, html);
        }
    }

    private static void text(JsonNode node, StringBuilder html) {
        int format = node.path("format").asInt(0);
        for (int bit = 0; bit < FORMATS.length; bit++) {
            if ((format & (1 << bit)) != 0) {
                html.append('<').append(FORMATS[bit]).append('>');
            }
        }
        html.append(Html.text(GhostCards.text(node, "text")));
        for (int bit = FORMATS.length - 1; bit >= 0; bit--) {
            if ((format & (1 << bit)) != 0) {
                html.append("</").append(FORMATS[bit]).append('>');
            }
        }
    }

    private static String tag(JsonNode node, String fallback, String allowed) {
        String tag = GhostCards.text(node, "tag");
        return tag.matches(allowed) ? tag : fallback;
    }

    /**
     * Mobiledoc 0.3: sections of markers ({@code [0 text | 1 atom, opened markups, closed count, value]}), lists of
     * such, images and cards by index.
     */
    String mobiledoc(String source) throws java.io.IOException {
        JsonNode doc = JSON.readTree(source);
        JsonNode markups = doc.path("markups");
        JsonNode atoms = doc.path("atoms");
        JsonNode cardList = doc.path("cards");
        StringBuilder html = new StringBuilder();
        for (JsonNode section : doc.path("sections")) {
            switch (section.path(0).asInt(-1)) {
                case 1 -> {
                    String tag = section.path(1).asText().toLowerCase(java.util.Locale.ROOT);
                    tag = tag.matches("p|h[1-6]|blockquote|aside") ? tag.replace("aside", "blockquote") : "p";
                    html.append('<').append(tag).append('>');
                    markers(section.path(2), markups, atoms, html);
                    html.append("</").append(tag).append('>');
                }
                case 3 -> {
                    String tag = "ol".equals(section.path(1).asText()) ? "ol" : "ul";
                    html.append('<').append(tag).append('>');
                    for (JsonNode item : section.path(2)) {
                        html.append("<li>");
                        markers(item, markups, atoms, html);
                        html.append("</li>");
                    }
                    html.append("</").append(tag).append('>');
                }
                case 2 ->
                    html.append(cards.render(
                            "image",
                            JSON.createObjectNode().put("src", section.path(1).asText())));
                case 10 -> {
                    JsonNode card = cardList.path(section.path(1).asInt(-1));
                    String type = card.path(0).asText();
                    if (GhostCards.renders(type)) {
                        html.append(cards.render(type, card.path(1)));
                    } else {
                        dropped.add(type.isEmpty() ? "unknown" : type);
                    }
                }
                default -> dropped.add("section");
            }
        }
        return html.toString();
    }

    private static void markers(JsonNode markers, JsonNode markups, JsonNode atoms, StringBuilder html) {
        Deque<String> open = new ArrayDeque<>();
        for (JsonNode marker : markers) {
            for (JsonNode index : marker.path(1)) {
                JsonNode markup = markups.path(index.asInt(-1));
                String tag = markup.path(0).asText().toLowerCase(java.util.Locale.ROOT);
                if (!tag.matches("a|strong|b|em|i|s|u|code|sub|sup")) {
                    tag = "span";
                }
                html.append('<').append(tag);
                JsonNode attributes = markup.path(1);
                for (int i = 0; i + 1 < attributes.size(); i += 2) {
                    if ("href".equals(attributes.path(i).asText())) {
                        html.append(" href=\"")
                                .append(Html.attr(attributes.path(i + 1).asText()))
                                .append('"');
                    }
                }
                html.append('>');
                open.push(tag);
            }
            String value = marker.path(0).asInt() == 1
                    ? atoms.path(marker.path(3).asInt(-1)).path(1).asText()
                    : marker.path(3).asText();
            html.append(Html.text(value));
            for (int closed = marker.path(2).asInt(0); closed > 0 && !open.isEmpty(); closed--) {
                html.append("</").append(open.pop()).append('>');
            }
        }
        while (!open.isEmpty()) {
            html.append("</").append(open.pop()).append('>');
        }
    }
}
