package dev.pressroom.content.importer;

/** What an address name, slug or username may look like: lowercase, URL-safe, no leading or trailing dash. */
public final class Slugs {

    public static final String PATTERN = "[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?";
    /** Blog names are DNS labels and never look like an id (24 hex digits), so :blog is never ambiguous. */
    public static final String BLOG_NAME = "(?![0-9a-f]{24}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";

    public static final String ID = "[0-9a-f]{24}";

    private Slugs() {}
}
