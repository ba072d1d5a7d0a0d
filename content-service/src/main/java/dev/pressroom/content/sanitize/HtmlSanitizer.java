package dev.pressroom.content.sanitize;

import dev.pressroom.content.render.Embeds;
import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import org.owasp.html.AttributePolicy;
import org.owasp.html.ElementPolicy;
import org.owasp.html.HtmlPolicyBuilder;
import org.owasp.html.PolicyFactory;

/**
 * The one HTML policy of the Content API (OWASP java-html-sanitizer): a fixed set of text elements, no scripts,
 * styles or event handlers, links and images only over http(s)/mailto and made absolute against the blog's URL,
 * iframes only from the embed allowlist and always sandboxed, class names only from the card vocabulary.
 */
public final class HtmlSanitizer {

    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,5}");
    private static final Pattern HEADING_ID = Pattern.compile("[\\p{L}\\p{N}_-]{1,200}");
    private static final Pattern CLASSES = Pattern.compile("(?:(?:card|callout|language)(?:-[a-z0-9]+)*\\s*)+");
    private static final Pattern ALIGN = Pattern.compile("left|center|right");
    private static final String SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups";
    private static final String[] HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"};

    private final PolicyFactory policy;

    /** @param base the blog's URL (its custom domain once it has one), against which relative links resolve */
    public HtmlSanitizer(URI base) {
        AttributePolicy url =
                (element, attribute, value) -> Urls.absolute(base, value).orElse(null);
        AttributePolicy player = (element, attribute, value) -> Embeds.isPlayerUrl(value) ? value : null;
        this.policy = new HtmlPolicyBuilder()
                .allowElements(
                        "p",
                        "br",
                        "hr",
                        "blockquote",
                        "pre",
                        "code",
                        "em",
                        "strong",
                        "b",
                        "i",
                        "u",
                        "s",
                        "del",
                        "ins",
                        "sub",
                        "sup",
                        "mark",
                        "small",
                        "abbr",
                        "kbd",
                        "q",
                        "cite",
                        "ul",
                        "ol",
                        "li",
                        "dl",
                        "dt",
                        "dd",
                        "table",
                        "thead",
                        "tbody",
                        "tfoot",
                        "tr",
                        "th",
                        "td",
                        "caption",
                        "figure",
                        "figcaption",
                        "section",
                        "aside",
                        "header",
                        "footer",
                        "div",
                        "span",
                        "a",
                        "img")
                .allowElements(HEADINGS)
                .allowElements(sandboxedFrame(), "iframe")
                .allowAttributes("id")
                .matching(HEADING_ID)
                .onElements(HEADINGS)
                .allowAttributes("class")
                .matching(CLASSES)
                .globally()
                .allowAttributes("title")
                .onElements("a", "img", "abbr", "iframe")
                .allowAttributes("href")
                .matching(url)
                .onElements("a")
                .allowAttributes("src")
                .matching(url)
                .onElements("img")
                .allowAttributes("alt")
                .onElements("img")
                .allowAttributes("width", "height")
                .matching(NUMBER)
                .onElements("img", "iframe")
                .allowAttributes("src")
                .matching(player)
                .onElements("iframe")
                .allowAttributes("allowfullscreen")
                .onElements("iframe")
                .allowAttributes("loading")
                .matching(Pattern.compile("lazy"))
                .onElements("img", "iframe")
                .allowAttributes("start")
                .matching(NUMBER)
                .onElements("ol")
                .allowAttributes("align")
                .matching(ALIGN)
                .onElements("th", "td")
                .allowAttributes("colspan", "rowspan")
                .matching(NUMBER)
                .onElements("th", "td")
                .allowUrlProtocols("http", "https", "mailto")
                .toFactory();
    }

    public String sanitize(String html) {
        return policy.sanitize(html);
    }

    /** An iframe survives only with an allowlisted player source, and then always carries a sandbox. */
    private static ElementPolicy sandboxedFrame() {
        return (element, attributes) -> {
            if (!hasAttribute(attributes, "src")) {
                return null;
            }
            attributes.addAll(List.of("sandbox", SANDBOX, "referrerpolicy", "strict-origin-when-cross-origin"));
            return element;
        };
    }

    private static boolean hasAttribute(List<String> attributes, String name) {
        for (int i = 0; i < attributes.size(); i += 2) {
            if (attributes.get(i).equals(name)) {
                return true;
            }
        }
        return false;
    }
}
