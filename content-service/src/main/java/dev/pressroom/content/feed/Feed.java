package dev.pressroom.content.feed;

import java.time.Instant;
import java.util.List;

/** What both feed formats show: the blog and its latest posts, newest first. */
public record Feed(
        String title,
        String description,
        String siteUrl,
        String lang,
        String selfUrl,
        Instant updated,
        List<Entry> entries) {

    public Feed {
        entries = List.copyOf(entries);
    }

    /** One post: {@code html} is the stored, already sanitized body with absolute links. */
    public record Entry(
            String id,
            String title,
            String url,
            String html,
            String excerpt,
            Instant publishedAt,
            Instant updatedAt,
            String featureImage,
            String author,
            List<Category> categories) {

        public Entry {
            categories = List.copyOf(categories);
        }
    }

    public record Category(String slug, String name, String url) {}
}
