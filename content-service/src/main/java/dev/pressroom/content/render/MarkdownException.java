package dev.pressroom.content.render;

/** Content that cannot be rendered, with the 1-based line of the Markdown source where the problem is. */
public class MarkdownException extends RuntimeException {

    private final int line;

    public MarkdownException(int line, String reason) {
        super(reason, null, false, false);
        this.line = line;
    }

    public int line() {
        return line;
    }
}
