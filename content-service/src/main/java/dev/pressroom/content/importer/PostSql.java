package dev.pressroom.content.importer;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/** The post upsert: one statement, updated in place by (blog, slug) so the post keeps its id. */
final class PostSql {

    static final String UPSERT = """
            INSERT INTO post (id, blog_id, type, slug, status, visibility, listed, featured, title, url, html, markdown,
                excerpt, custom_excerpt, published_at, updated_at, word_count, reading_time, toc, feature_image,
                feature_image_alt, feature_image_width, feature_image_height, feature_image_sizes, feature_image_srcset,
                meta_title, meta_description, og_image, canonical_url, json_ld, recipe, rating_average, rating_count,
                review_count, made, primary_tag, primary_author, tags, body_text, search_config)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::regconfig)
            ON CONFLICT (blog_id, slug) DO UPDATE SET type = excluded.type, status = excluded.status,
                visibility = excluded.visibility, listed = excluded.listed, featured = excluded.featured,
                title = excluded.title, url = excluded.url, html = excluded.html, markdown = excluded.markdown,
                excerpt = excluded.excerpt, custom_excerpt = excluded.custom_excerpt, published_at = excluded.published_at,
                updated_at = excluded.updated_at, word_count = excluded.word_count, reading_time = excluded.reading_time,
                toc = excluded.toc, feature_image = excluded.feature_image, feature_image_alt = excluded.feature_image_alt,
                feature_image_width = excluded.feature_image_width, feature_image_height = excluded.feature_image_height,
                feature_image_sizes = excluded.feature_image_sizes, feature_image_srcset = excluded.feature_image_srcset,
                meta_title = excluded.meta_title, meta_description = excluded.meta_description,
                og_image = excluded.og_image, canonical_url = excluded.canonical_url, json_ld = excluded.json_ld,
                recipe = excluded.recipe, rating_average = excluded.rating_average, rating_count = excluded.rating_count,
                review_count = excluded.review_count, made = excluded.made, primary_tag = excluded.primary_tag,
                primary_author = excluded.primary_author, tags = excluded.tags, body_text = excluded.body_text,
                search_config = excluded.search_config
            RETURNING id""";

    private PostSql() {}

    static void bind(PreparedStatement s, String newId, String blogId, String searchConfig, PostPlan p)
            throws SQLException {
        int i = 1;
        s.setString(i++, newId);
        s.setString(i++, blogId);
        s.setString(i++, p.type());
        s.setString(i++, p.slug());
        s.setString(i++, p.status());
        s.setString(i++, p.visibility());
        s.setBoolean(i++, p.listed());
        s.setBoolean(i++, p.featured());
        s.setString(i++, p.title());
        s.setString(i++, p.url());
        s.setString(i++, p.html());
        s.setString(i++, p.markdown());
        s.setString(i++, p.excerpt());
        s.setString(i++, p.customExcerpt());
        BlogWriter.setInstant(s, i++, p.publishedAt());
        BlogWriter.setInstant(s, i++, p.updatedAt());
        s.setInt(i++, p.wordCount());
        s.setInt(i++, p.readingTime());
        s.setString(i++, p.tocJson());
        s.setString(i++, p.featureImage());
        s.setString(i++, p.featureImageAlt());
        setInt(s, i++, p.featureImageWidth());
        setInt(s, i++, p.featureImageHeight());
        s.setString(i++, p.featureImageSizesJson());
        s.setString(i++, p.featureImageSrcset());
        s.setString(i++, p.metaTitle());
        s.setString(i++, p.metaDescription());
        s.setString(i++, p.ogImage());
        s.setString(i++, p.canonicalUrl());
        s.setString(i++, p.jsonLd());
        s.setString(i++, p.recipeJson());
        s.setBigDecimal(i++, p.ratingAverage());
        setInt(s, i++, p.ratingCount());
        setInt(s, i++, p.reviewCount());
        setInt(s, i++, p.made());
        s.setString(i++, p.primaryTagJson());
        s.setString(i++, p.primaryAuthorJson());
        s.setString(i++, p.tagsJson());
        s.setString(i++, p.bodyText());
        s.setString(i, searchConfig);
    }

    private static void setInt(PreparedStatement s, int index, Integer value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.INTEGER);
        } else {
            s.setInt(index, value);
        }
    }
}
