package dev.pressroom.content.importer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.content.render.CardHtml;
import dev.pressroom.content.render.Html;
import dev.pressroom.content.render.MarkdownRenderer;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ghost's cards, as its Lexical and Mobiledoc documents hold them, rendered to HTML with this API's card classes
 * ({@code card card-bookmark}, {@code callout callout-blue}...), and Ghost's own card classes ({@code kg-*}) in its
 * rendered HTML renamed to ours where a card matches. Everything returned here is sanitized afterwards like any
 * imported HTML: this is markup, not a security boundary. A card with no counterpart (members-only, signup, product
 * and such) renders as nothing; {@link #renders} says which.
 */
final class GhostCards {

    /** Ghost's class names and ours, where the cards match (the rest are dropped by the sanitizer's class policy). */
    private static final Map<String, String> CLASSES = Map.ofEntries(
            Map.entry("kg-card", "card"),
            Map.entry("kg-image-card", "card-image"),
            Map.entry("kg-gallery-card", "card-gallery"),
            Map.entry("kg-gallery-container", "card-gallery-images"),
            Map.entry("kg-bookmark-card", "card-bookmark"),
            Map.entry("kg-bookmark-container", "card-bookmark-container"),
            Map.entry("kg-bookmark-title", "card-bookmark-title"),
            Map.entry("kg-bookmark-description", "card-bookmark-description"),
            Map.entry("kg-button-card", "card-button"),
            Map.entry("kg-btn", "card-button-link"),
            Map.entry("kg-embed-card", "card-embed"),
            Map.entry("kg-callout-card", "callout"),
            Map.entry("kg-code-card", "card-code"));

    private static final Pattern CLASS_ATTRIBUTE = Pattern.compile("\\bclass=\"([^\"]*)\"");
    private static final Pattern CALLOUT_COLOUR = Pattern.compile("kg-callout-card-([a-z]+)");

    private final MarkdownRenderer markdown = new MarkdownRenderer();

    static boolean renders(String type) {
        return switch (type) {
            case "image",
                    "markdown",
                    "html",
                    "hr",
                    "horizontalrule",
                    "code",
                    "codeblock",
                    "bookmark",
                    "embed",
                    "callout",
                    "button",
                    "gallery" -> true;
            default -> false;
        };
    }

    /** The HTML of a card of {@code type} with its payload, or "" for a card with no counterpart here. */
    String render(String type, JsonNode card) {
        return switch (type) {
            case "image" ->
                figure(
                        "card card-image",
                        "<img src=\"" + Html.attr(text(card, "src")) + "\" alt=\"" + Html.attr(text(card, "alt")) + "\""
                                + size(card) + ">",
                        card);
            case "markdown" -> markdown.render(text(card, "markdown")).html();
            case "html" -> text(card, "html");
            case "hr", "horizontalrule" -> "<hr>";
            case "code", "codeblock" -> {
                String language =
                        text(card, "language").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "");
                yield figure(
                        "card card-code",
                        "<pre><code" + (language.isEmpty() ? "" : " class=\"language-" + language + "\"") + ">"
                                + Html.text(text(card, "code")) + "</code></pre>",
                        card);
            }
            case "bookmark" -> {
                JsonNode meta = card.path("metadata");
                String title = text(meta, "title");
                yield figure(
                        "card card-bookmark",
                        CardHtml.bookmarkLink(
                                text(card, "url"),
                                title.isEmpty() ? text(card, "url") : title,
                                text(meta, "description")),
                        card);
            }
            case "embed" -> figure("card card-embed", text(card, "html"), card);
            case "callout" -> {
                String colour =
                        text(card, "backgroundColor").toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
                yield "<div class=\"callout" + (colour.isEmpty() ? "" : " callout-" + colour) + "\">"
                        + (text(card, "calloutEmoji").isEmpty()
                                ? ""
                                : "<p>" + Html.text(text(card, "calloutEmoji")) + "</p>")
                        + "<p>" + text(card, "calloutText") + "</p></div>";
            }
            case "button" -> CardHtml.button(text(card, "buttonUrl"), text(card, "buttonText"));
            case "gallery" -> {
                StringBuilder images = new StringBuilder();
                for (JsonNode image : card.path("images")) {
                    images.append("<img src=\"")
                            .append(Html.attr(text(image, "src")))
                            .append("\" alt=\"")
                            .append(Html.attr(text(image, "alt")))
                            .append('"')
                            .append(size(image))
                            .append('>');
                }
                yield figure("card card-gallery", "<div class=\"card-gallery-images\">" + images + "</div>", card);
            }
            default -> "";
        };
    }

    /** Ghost's rendered HTML with its card classes renamed to ours ({@code kg-callout-card-blue} too). */
    static String renameClasses(String html) {
        Matcher m = CLASS_ATTRIBUTE.matcher(html);
        StringBuilder out = new StringBuilder(html.length());
        while (m.find()) {
            StringBuilder classes = new StringBuilder();
            for (String name : m.group(1).trim().split("\\s+", -1)) {
                Matcher colour = CALLOUT_COLOUR.matcher(name);
                String ours = colour.matches() ? "callout-" + colour.group(1) : CLASSES.get(name);
                if (ours == null && (name.startsWith("language-") || name.startsWith("card"))) {
                    ours = name;
                }
                if (ours != null) {
                    classes.append(classes.isEmpty() ? "" : " ").append(ours);
                }
            }
            m.appendReplacement(out, Matcher.quoteReplacement("class=\"" + classes + "\""));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String figure(String classes, String body, JsonNode card) {
        String caption = text(card, "caption");
        return "<figure class=\"" + classes + "\">" + body
                + (caption.isEmpty() ? "" : "<figcaption>" + caption + "</figcaption>") + "</figure>";
    }

    private static String size(JsonNode image) {
        return image.path("width").canConvertToInt() && image.path("height").canConvertToInt()
                ? " width=\"" + image.path("width").asInt() + "\" height=\""
                        + image.path("height").asInt() + "\""
                : "";
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? value.asText() : "";
    }
}
