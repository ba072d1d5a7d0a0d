package dev.pressroom.content.render;

import static dev.pressroom.content.render.Html.attr;
import static dev.pressroom.content.render.Html.text;

import java.util.Map;
import java.util.Optional;

/** HTML of each card, with the stable class names of the spec ({@code card card-recipe}, {@code callout callout-tip}, ...). */
final class CardRenderer {

    private CardRenderer() {}

    static String render(Segment.Card card, String bodyHtml) {
        Map<String, String> a = card.attributes();
        return switch (card.type()) {
            case RECIPE -> recipe(a, bodyHtml, card.line());
            case PRODUCT -> product(a, bodyHtml, card.line());
            case GALLERY ->
                "<figure class=\"card card-gallery\"><div class=\"card-gallery-images\">" + bodyHtml + "</div>"
                        + caption(a) + "</figure>\n";
            case EMBED -> embed(a);
            case BOOKMARK ->
                "<figure class=\"card card-bookmark\">"
                        + CardHtml.bookmarkLink(a.get("url"), a.get("title"), a.get("description")) + bodyHtml
                        + "</figure>\n";
            case BUTTON -> CardHtml.button(a.get("url"), a.get("label")) + "\n";
            case TIP ->
                "<aside class=\"callout callout-tip\">"
                        + optional(a, "title", t -> "<p class=\"callout-title\"><strong>" + text(t) + "</strong></p>")
                        + bodyHtml + "</aside>\n";
        };
    }

    private static String recipe(Map<String, String> a, String bodyHtml, int line) {
        StringBuilder meta = new StringBuilder();
        optionalNumber(a, "serves", line)
                .ifPresent(n -> meta.append("<li class=\"card-recipe-serves\">Serves ")
                        .append(n)
                        .append("</li>"));
        optionalNumber(a, "prep", line)
                .ifPresent(n -> meta.append("<li class=\"card-recipe-prep\">Prep ")
                        .append(n)
                        .append(" min</li>"));
        optionalNumber(a, "cook", line)
                .ifPresent(n -> meta.append("<li class=\"card-recipe-cook\">Cook ")
                        .append(n)
                        .append(" min</li>"));
        return "<section class=\"card card-recipe\">"
                + optional(a, "title", t -> "<p class=\"card-recipe-title\">" + text(t) + "</p>")
                + (meta.isEmpty() ? "" : "<ul class=\"card-recipe-meta\">" + meta + "</ul>")
                + "<div class=\"card-recipe-body\">" + bodyHtml + "</div></section>\n";
    }

    private static String product(Map<String, String> a, String bodyHtml, int line) {
        String stars = optionalNumber(a, "rating", line)
                .map(n -> {
                    if (n < 1 || n > 5) {
                        throw new MarkdownException(line, "product rating must be 1 to 5");
                    }
                    return "<p class=\"card-product-rating\">" + "★".repeat(n) + "☆".repeat(5 - n) + " (" + n
                            + "/5)</p>";
                })
                .orElse("");
        return "<div class=\"card card-product\">"
                + optional(
                        a,
                        "image",
                        src -> "<img class=\"card-product-image\" src=\"" + attr(src) + "\" alt=\""
                                + attr(a.get("title")) + "\">")
                + "<p class=\"card-product-title\"><strong>" + text(a.get("title")) + "</strong></p>"
                + optional(a, "price", p -> "<p class=\"card-product-price\">" + text(p) + "</p>")
                + stars
                + "<div class=\"card-product-description\">" + bodyHtml + "</div>"
                + optional(
                        a,
                        "url",
                        u -> "<a class=\"card-product-button\" href=\"" + attr(u) + "\">"
                                + text(a.getOrDefault("button", "Buy")) + "</a>")
                + "</div>\n";
    }

    private static String embed(Map<String, String> a) {
        String url = a.get("url");
        String title = a.getOrDefault("title", "Embedded content");
        String inner = Embeds.playerUrl(url)
                .map(player -> "<iframe src=\"" + attr(player) + "\" title=\"" + attr(title)
                        + "\" width=\"560\" height=\"315\" loading=\"lazy\" allowfullscreen></iframe>")
                .orElseGet(() -> "<a href=\"" + attr(url) + "\">" + text(title) + "</a>");
        return "<figure class=\"card card-embed\">" + inner + caption(a) + "</figure>\n";
    }

    private static String caption(Map<String, String> a) {
        return optional(a, "caption", c -> "<figcaption>" + text(c) + "</figcaption>");
    }

    private static Optional<Integer> optionalNumber(Map<String, String> a, String key, int line) {
        String value = a.get(key);
        if (value == null) {
            return Optional.empty();
        }
        if (!value.matches("[0-9]{1,4}")) {
            throw new MarkdownException(line, "attribute " + key + " must be a whole number, not '" + value + "'");
        }
        return Optional.of(Integer.parseInt(value));
    }

    private static String optional(
            Map<String, String> a, String key, java.util.function.Function<String, String> html) {
        String value = a.get(key);
        return value == null || value.isBlank() ? "" : html.apply(value);
    }
}
