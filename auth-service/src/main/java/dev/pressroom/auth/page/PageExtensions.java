package dev.pressroom.auth.page;

import io.quarkus.qute.TemplateExtension;
import java.util.Locale;

/** Small helpers the templates call on their values. */
@TemplateExtension
final class PageExtensions {

    private PageExtensions() {}

    /** The first letter of an app's name, upper-cased: its mark on consent and Connected apps (apps have no logo). */
    static String initial(String name) {
        if (name.isEmpty()) {
            return "?";
        }
        return new String(Character.toChars(name.codePointAt(0))).toUpperCase(Locale.ROOT);
    }
}
