package dev.pressroom.content.importer;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** blog.yaml: the blog's settings, its people and its tags. */
@RegisterForReflection
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record BlogFile(
        String title,
        String description,
        String lang,
        String url,
        String customDomain,
        @JsonProperty("private") Boolean privateBlog,
        String accentColor,
        String logo,
        String icon,
        String coverImage,
        String metaTitle,
        String metaDescription,
        Integer postsPerPage,
        List<Link> navigation,
        List<Link> secondaryNavigation,
        List<AuthorFile> authors,
        List<TagFile> tags) {

    public BlogFile {
        navigation = navigation == null ? List.of() : List.copyOf(navigation);
        secondaryNavigation = secondaryNavigation == null ? List.of() : List.copyOf(secondaryNavigation);
        authors = authors == null ? List.of() : List.copyOf(authors);
        tags = tags == null ? List.of() : List.copyOf(tags);
    }

    @RegisterForReflection
    public record Link(String label, String url) {}

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AuthorFile(
            String username,
            String name,
            String bio,
            String profileImage,
            String role,
            Boolean team,
            List<Link> links) {}

    @RegisterForReflection
    public record TagFile(String slug, String name, String description) {}
}
