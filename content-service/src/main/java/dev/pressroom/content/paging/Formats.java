package dev.pressroom.content.paging;

/** Which bodies a post answer carries: html (default), markdown, or both. */
public enum Formats {
    HTML(true, false),
    MARKDOWN(false, true),
    BOTH(true, true);

    private final boolean html;
    private final boolean markdown;

    Formats(boolean html, boolean markdown) {
        this.html = html;
        this.markdown = markdown;
    }

    public boolean html() {
        return html;
    }

    public boolean markdown() {
        return markdown;
    }
}
