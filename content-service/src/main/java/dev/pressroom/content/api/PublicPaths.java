package dev.pressroom.content.api;

import java.util.regex.Pattern;

/** The paths served without a content key: feeds and sitemaps, which feed readers and crawlers fetch anonymously. */
public final class PublicPaths {

    private static final Pattern PUBLIC =
            Pattern.compile("/api/content/v1/blogs/[^/]+/(rss/?|atom/?|sitemap(-[a-z0-9-]+)?\\.xml)");

    private PublicPaths() {}

    public static boolean isPublic(String path) {
        return PUBLIC.matcher(path).matches();
    }
}
