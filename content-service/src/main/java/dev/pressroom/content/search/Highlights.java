package dev.pressroom.content.search;

/**
 * Turns ts_headline output into safe HTML: PostgreSQL marks matches with two control characters that cannot occur
 * in stored text (the importer drops them), the text is HTML-escaped, and only balanced marks become
 * {@code <mark>}/{@code </mark>}: no other markup can reach the answer.
 */
public final class Highlights {

    /** StartSel and StopSel given to ts_headline. */
    public static final char START = '\u0002';
    public static final char STOP = '\u0003';

    private Highlights() {
    }

    public static String toHtml(String headline) {
        StringBuilder html = new StringBuilder(headline.length() + 32);
        boolean open = false;
        for (int i = 0; i < headline.length(); i++) {
            char c = headline.charAt(i);
            switch (c) {
                case START -> {
                    if (!open) {
                        html.append("<mark>");
                        open = true;
                    }
                }
                case STOP -> {
                    if (open) {
                        html.append("</mark>");
                        open = false;
                    }
                }
                case '<' -> html.append("&lt;");
                case '>' -> html.append("&gt;");
                case '&' -> html.append("&amp;");
                case '"' -> html.append("&quot;");
                case '\'' -> html.append("&#39;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t') {
                        html.append(c);
                    }
                }
            }
        }
        if (open) {
            html.append("</mark>");
        }
        return html.toString();
    }
}
