package dev.pressroom.content.render;

import static dev.pressroom.content.render.Html.attr;
import static dev.pressroom.content.render.Html.text;

/**
 * Card markup written both from Markdown ({@link CardRenderer}) and from a Ghost export's cards, so an imported
 * bookmark or button is the same HTML, with the same classes, as one written here.
 */
public final class CardHtml {

    private CardHtml() {}

    /** The link of a bookmark card, inside its figure: the title, and the description unless blank. */
    public static String bookmarkLink(String url, String title, String description) {
        return "<a class=\"card-bookmark-container\" href=\"" + attr(url) + "\"><span class=\"card-bookmark-title\">"
                + text(title) + "</span>"
                + (description == null || description.isBlank()
                        ? ""
                        : "<span class=\"card-bookmark-description\">" + text(description) + "</span>")
                + "</a>";
    }

    public static String button(String url, String label) {
        return "<div class=\"card card-button\"><a class=\"card-button-link\" href=\"" + attr(url) + "\">" + text(label)
                + "</a></div>";
    }
}
