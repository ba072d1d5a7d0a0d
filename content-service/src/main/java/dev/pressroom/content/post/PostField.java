package dev.pressroom.content.post;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pressroom.content.api.Json;
import dev.pressroom.content.paging.QueryParser;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The fields of a post (and page) in the order answers show them, each with the SQL it needs and how it is written. */
enum PostField {
    ID("id", "p.id", (g, r) -> Json.string(g, "id", r, "id")),
    SLUG("slug", "p.slug", (g, r) -> Json.string(g, "slug", r, "slug")),
    TYPE("type", "p.type", (g, r) -> Json.string(g, "type", r, "type")),
    TITLE("title", "p.title", (g, r) -> Json.string(g, "title", r, "title")),
    URL("url", "p.url", (g, r) -> Json.string(g, "url", r, "url")),
    HTML("html", "p.html", (g, r) -> Json.string(g, "html", r, "html")),
    MARKDOWN("markdown", "p.markdown", (g, r) -> Json.string(g, "markdown", r, "markdown")),
    EXCERPT("excerpt", "p.excerpt", (g, r) -> Json.string(g, "excerpt", r, "excerpt")),
    CUSTOM_EXCERPT(
            "custom_excerpt", "p.custom_excerpt", (g, r) -> Json.string(g, "custom_excerpt", r, "custom_excerpt")),
    FEATURED("featured", "p.featured", (g, r) -> g.writeBooleanField("featured", r.getBoolean("featured"))),
    VISIBILITY("visibility", "p.visibility", (g, r) -> Json.string(g, "visibility", r, "visibility")),
    PUBLISHED_AT(
            "published_at", timestamp("published_at"), (g, r) -> Json.string(g, "published_at", r, "published_at")),
    UPDATED_AT("updated_at", timestamp("updated_at"), (g, r) -> Json.string(g, "updated_at", r, "updated_at")),
    READING_TIME("reading_time", "p.reading_time", (g, r) -> Json.integer(g, "reading_time", r, "reading_time")),
    WORD_COUNT("word_count", "p.word_count", (g, r) -> Json.integer(g, "word_count", r, "word_count")),
    TOC("toc", "p.toc", (g, r) -> Json.raw(g, "toc", r, "toc")),
    FEATURE_IMAGE("feature_image", "p.feature_image", (g, r) -> Json.string(g, "feature_image", r, "feature_image")),
    FEATURE_IMAGE_ALT(
            "feature_image_alt",
            "p.feature_image_alt",
            (g, r) -> Json.string(g, "feature_image_alt", r, "feature_image_alt")),
    FEATURE_IMAGE_WIDTH(
            "feature_image_width",
            "p.feature_image_width",
            (g, r) -> Json.integer(g, "feature_image_width", r, "feature_image_width")),
    FEATURE_IMAGE_HEIGHT(
            "feature_image_height",
            "p.feature_image_height",
            (g, r) -> Json.integer(g, "feature_image_height", r, "feature_image_height")),
    FEATURE_IMAGE_SIZES(
            "feature_image_sizes",
            "p.feature_image_sizes",
            (g, r) -> Json.raw(g, "feature_image_sizes", r, "feature_image_sizes")),
    FEATURE_IMAGE_SRCSET(
            "feature_image_srcset",
            "p.feature_image_srcset",
            (g, r) -> Json.string(g, "feature_image_srcset", r, "feature_image_srcset")),
    META_TITLE("meta_title", "p.meta_title", (g, r) -> Json.string(g, "meta_title", r, "meta_title")),
    META_DESCRIPTION(
            "meta_description",
            "p.meta_description",
            (g, r) -> Json.string(g, "meta_description", r, "meta_description")),
    OG_IMAGE("og_image", "p.og_image", (g, r) -> Json.string(g, "og_image", r, "og_image")),
    CANONICAL_URL("canonical_url", "p.canonical_url", (g, r) -> Json.string(g, "canonical_url", r, "canonical_url")),
    JSON_LD("json_ld", "p.json_ld", (g, r) -> Json.raw(g, "json_ld", r, "json_ld")),
    RATING("rating", "p.rating_average::float8 AS rating_average, p.rating_count, p.review_count", PostField::rating),
    MADE("made", "p.made", (g, r) -> Json.integer(g, "made", r, "made")),
    RECIPE("recipe", "p.recipe", (g, r) -> Json.raw(g, "recipe", r, "recipe")),
    PRIMARY_TAG("primary_tag", "p.primary_tag", (g, r) -> Json.raw(g, "primary_tag", r, "primary_tag")),
    PRIMARY_AUTHOR("primary_author", "p.primary_author", (g, r) -> Json.raw(g, "primary_author", r, "primary_author")),
    TAGS("tags", "p.tags", (g, r) -> Json.raw(g, "tags", r, "tags"));

    /** What {@code fields} may name: every field, the authors list that include=authors adds, the search snippet. */
    static final Set<String> NAMES = Stream.concat(
                    Arrays.stream(values()).map(f -> f.name), Stream.of("authors", QueryParser.SEARCH_HIGHLIGHT))
            .collect(Collectors.toUnmodifiableSet());

    interface Writer {
        void write(JsonGenerator g, Row r) throws IOException;
    }

    final String name;
    final String sql;
    // References to stateless static methods of this enum.
    @SuppressWarnings("ImmutableEnumChecker")
    final Writer writer;

    PostField(String name, String sql, Writer writer) {
        this.name = name;
        this.sql = sql;
        this.writer = writer;
    }

    /** ISO 8601 UTC with milliseconds, formatted by PostgreSQL so the row is copied as is. */
    static String timestamp(String column) {
        return "to_char(p." + column + " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS " + column;
    }

    private static void rating(JsonGenerator g, Row r) throws IOException {
        Integer count = r.getInteger("rating_count");
        if (count == null) {
            g.writeNullField("rating");
            return;
        }
        g.writeObjectFieldStart("rating");
        g.writeNumberField("average", r.getDouble("rating_average"));
        g.writeNumberField("count", count);
        g.writeNumberField("reviews", r.getInteger("review_count"));
        g.writeEndObject();
    }
}
