package dev.pressroom.content.importer;

import java.util.List;

/** A blog folder read, checked and rendered: exactly what the writer stores, nothing left to compute. */
public record BlogPlan(
        String url,
        String customDomain,
        boolean privateBlog,
        String settingsJson,
        String searchConfig,
        List<AuthorPlan> authors,
        List<TagPlan> tags,
        List<PostPlan> posts) {

    public BlogPlan {
        authors = List.copyOf(authors);
        tags = List.copyOf(tags);
        posts = List.copyOf(posts);
    }

    public record AuthorPlan(
            String username,
            String name,
            String bio,
            String profileImage,
            String url,
            String linksJson,
            String role,
            boolean onTeam,
            int position) {}

    public record TagPlan(String slug, String name, String description, String url) {}
}
