package dev.pressroom.content.importer;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** One post or page ready to store: rendered, sanitized, with its URLs, JSON-LD and summaries computed. */
public record PostPlan(
        String file,
        String type,
        String slug,
        String status,
        String visibility,
        boolean featured,
        String title,
        String url,
        String html,
        String markdown,
        String excerpt,
        String customExcerpt,
        Instant publishedAt,
        Instant updatedAt,
        int wordCount,
        int readingTime,
        String tocJson,
        String featureImage,
        String featureImageAlt,
        Integer featureImageWidth,
        Integer featureImageHeight,
        String featureImageSizesJson,
        String featureImageSrcset,
        String metaTitle,
        String metaDescription,
        String ogImage,
        String canonicalUrl,
        String jsonLd,
        String recipeJson,
        BigDecimal ratingAverage,
        Integer ratingCount,
        Integer reviewCount,
        Integer made,
        String primaryTagJson,
        String primaryAuthorJson,
        String tagsJson,
        String bodyText,
        List<String> tagSlugs,
        List<String> authorUsernames,
        List<FrontMatter.Rating> ratings) {

    public PostPlan {
        tagSlugs = List.copyOf(tagSlugs);
        authorUsernames = List.copyOf(authorUsernames);
        ratings = List.copyOf(ratings);
    }

    /** Published and public: shown in lists. */
    public boolean listed() {
        return "published".equals(status) && "public".equals(visibility);
    }
}
