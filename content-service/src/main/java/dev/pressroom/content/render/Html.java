package dev.pressroom.content.render;

/** Text escaped for HTML written by hand (cards): element content, and attribute values in double quotes. */
public final class Html {

    private Html() {}

    public static String text(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    public static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("'", "&#39;");
    }
}
