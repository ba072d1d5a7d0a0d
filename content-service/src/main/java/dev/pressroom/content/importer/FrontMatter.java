package dev.pressroom.content.importer;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** The YAML between the two {@code ---} lines at the top of a post or page. */
@RegisterForReflection
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record FrontMatter(
        String title,
        String slug,
        String status,
        String visibility,
        String publishedAt,
        String updatedAt,
        Boolean featured,
        List<String> tags,
        List<String> authors,
        String featureImage,
        String featureImageAlt,
        Integer featureImageWidth,
        Integer featureImageHeight,
        String metaTitle,
        String metaDescription,
        String ogImage,
        String customExcerpt,
        String canonicalUrl,
        Recipe recipe) {

    public FrontMatter {
        tags = tags == null ? List.of() : List.copyOf(tags);
        authors = authors == null ? List.of() : List.copyOf(authors);
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Recipe(
            Integer totalMin,
            List<String> course,
            List<String> cuisine,
            List<String> diet,
            String difficulty,
            Integer made,
            List<Rating> ratings) {

        public Recipe {
            course = course == null ? List.of() : List.copyOf(course);
            cuisine = cuisine == null ? List.of() : List.copyOf(cuisine);
            diet = diet == null ? List.of() : List.copyOf(diet);
            ratings = ratings == null ? List.of() : List.copyOf(ratings);
        }
    }

    @RegisterForReflection
    public record Rating(String reader, Integer stars, String review) {}
}
