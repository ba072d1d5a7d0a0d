package dev.pressroom.content.blog;

import dev.pressroom.content.config.ContentConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Absolute URLs of what this service itself serves for a blog (feeds, sitemaps), under its public URL
 * ({@code CONTENT_PUBLIC_URL}); the blog's own pages live under the blog's URL instead.
 */
@ApplicationScoped
public class BlogLinks {

    private final String base;

    public BlogLinks(ContentConfig config) {
        String url = config.publicUrl();
        this.base = (url.endsWith("/") ? url : url + "/") + "api/content/v1/blogs/";
    }

    /** {@code file} relative to the blog's API root, e.g. {@code rss/} or {@code sitemap.xml}. */
    public String of(Blog blog, String file) {
        return base + blog.name() + "/" + file;
    }
}
