package dev.pressroom.content.blog;

/** What a request needs to know about a blog, cached per replica and dropped when the blog changes. */
public record Blog(String id, String name, boolean privateBlog, long version, int postCount, int pageCount,
                   String settingsJson) {
}
