package dev.pressroom.content.sanitize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What any HTML this service publishes must satisfy, checked independently of the sanitizer's own policy: no element
 * that runs or embeds code, no event handler, no script URL, and every iframe sandboxed. It reads the sanitizer's
 * output form (quoted attributes, escaped text), so a tag it cannot read is itself a failure.
 */
public final class HtmlSafety {

    private static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>");
    private static final Pattern ATTRIBUTE = Pattern.compile("\\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:=\"([^\"]*)\")?");
    private static final Pattern STRAY_TAG = Pattern.compile("<[a-zA-Z/!?]");
    private static final Pattern INVISIBLE = Pattern.compile("[\\s\\p{Cntrl}]+");
    private static final Set<String> FORBIDDEN = Set.of(
            "script",
            "style",
            "object",
            "embed",
            "svg",
            "math",
            "form",
            "input",
            "button",
            "base",
            "meta",
            "link",
            "frame",
            "frameset",
            "applet",
            "template",
            "noscript");
    private static final Pattern REFERENCE = Pattern.compile("&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);?");
    private static final Set<String> URL_SCHEMES = Set.of("javascript:", "vbscript:", "data:", "file:");

    private HtmlSafety() {}

    public static void assertSafe(String published) {
        // The sanitizer breaks "{{" with an empty comment against client-side template injection; nothing else.
        String html = published.replace("<!-- -->", "");
        Matcher tag = TAG.matcher(html);
        int end = 0;
        while (tag.find()) {
            assertThat(STRAY_TAG.matcher(html.substring(end, tag.start())).find())
                    .as("unescaped markup in %s", html)
                    .isFalse();
            end = tag.end();
            String name = tag.group(2).toLowerCase(Locale.ROOT);
            assertThat(FORBIDDEN).as("element in %s", html).doesNotContain(name);
            if (!tag.group(1).isEmpty()) {
                continue;
            }
            Matcher attribute = ATTRIBUTE.matcher(tag.group(3));
            boolean sandboxed = false;
            while (attribute.find()) {
                String attributeName = attribute.group(1).toLowerCase(Locale.ROOT);
                String value = decode(attribute.group(2) == null ? "" : attribute.group(2));
                assertThat(attributeName).as("handler in %s", html).doesNotStartWith("on");
                assertThat(attributeName)
                        .as("attribute in %s", html)
                        .isNotIn("style", "srcdoc", "formaction", "xlink:href");
                String seen = INVISIBLE.matcher(value).replaceAll("").toLowerCase(Locale.ROOT);
                for (String scheme : URL_SCHEMES) {
                    assertThat(seen)
                            .as("%s=%s in %s", attributeName, value, html)
                            .doesNotStartWith(scheme);
                }
                sandboxed |= attributeName.equals("sandbox");
            }
            if (name.equals("iframe")) {
                assertThat(sandboxed).as("unsandboxed iframe in %s", html).isTrue();
            }
        }
        assertThat(STRAY_TAG.matcher(html.substring(end)).find())
                .as("unescaped markup in %s", html)
                .isFalse();
    }

    /** HTML character references, as a browser decodes an attribute value before using it. */
    private static String decode(String value) {
        Matcher reference = REFERENCE.matcher(value);
        StringBuilder out = new StringBuilder();
        while (reference.find()) {
            String ref = reference.group(1);
            String replacement;
            if (ref.startsWith("#x") || ref.startsWith("#X")) {
                replacement =
                        codePoint(Long.parseLong(ref.substring(2).substring(0, Math.min(ref.length() - 2, 7)), 16));
            } else if (ref.startsWith("#")) {
                replacement = codePoint(Long.parseLong(ref.substring(1).substring(0, Math.min(ref.length() - 1, 8))));
            } else {
                replacement = switch (ref.toLowerCase(Locale.ROOT)) {
                    case "amp" -> "&";
                    case "quot" -> "\"";
                    case "lt" -> "<";
                    case "gt" -> ">";
                    case "colon" -> ":";
                    case "tab", "newline" -> " ";
                    default -> reference.group();
                };
            }
            reference.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        reference.appendTail(out);
        return out.toString();
    }

    private static String codePoint(long value) {
        return value > 0 && value <= Character.MAX_CODE_POINT ? new String(Character.toChars((int) value)) : "\uFFFD";
    }
}
