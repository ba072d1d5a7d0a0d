package dev.pressroom.content.sitemap;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One file of a blog's sitemap: {@code sitemap-<type>.xml} for the first {@code pageSize} URLs of a type, then
 * {@code sitemap-<type>-2.xml} and so on (the sitemap protocol allows 50,000 URLs per file).
 */
public record SitemapFile(Type type, int number) {

    public enum Type {
        POSTS,
        PAGES,
        TAGS,
        AUTHORS;

        String slug() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final Pattern NAME = Pattern.compile("(posts|pages|tags|authors)(?:-([2-9]|[1-9][0-9]{1,5}))?");

    /** The part between {@code sitemap-} and {@code .xml}; each file has one name, so page 1 never has a number. */
    public static Optional<SitemapFile> parse(String name) {
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new SitemapFile(
                Type.valueOf(m.group(1).toUpperCase(java.util.Locale.ROOT)),
                m.group(2) == null ? 1 : Integer.parseInt(m.group(2))));
    }

    public String fileName() {
        return "sitemap-" + type.slug() + (number == 1 ? "" : "-" + number) + ".xml";
    }

    /** How many files {@code urls} URLs take (an empty type still has its first, empty file). */
    public static int files(long urls, int pageSize) {
        return (int) Math.max(1, (urls + pageSize - 1) / pageSize);
    }
}
