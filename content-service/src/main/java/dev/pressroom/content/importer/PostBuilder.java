package dev.pressroom.content.importer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.content.render.MarkdownException;
import dev.pressroom.content.render.MarkdownRenderer;
import dev.pressroom.content.render.RenderedContent;
import dev.pressroom.content.sanitize.HtmlSanitizer;
import dev.pressroom.content.sanitize.Urls;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Turns one Markdown file (front matter + body) into a {@link PostPlan}: every check, the rendering and the summaries. */
final class PostBuilder {

    static final int WORDS_PER_MINUTE = 265;
    static final int EXCERPT_CHARS = 500;
    private static final int[] SRCSET_WIDTHS = {600, 1000, 1600};
    private static final Set<String> STATUSES = Set.of("draft", "scheduled", "published");
    private static final Set<String> VISIBILITIES = Set.of("public", "unlisted");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String blogTitle;
    private final Map<String, BlogPlan.TagPlan> tags;
    private final Map<String, BlogPlan.AuthorPlan> authors;
    private final HtmlSanitizer sanitizer;
    private final MarkdownRenderer renderer = new MarkdownRenderer();
    private final Instant now;

    PostBuilder(
            URI base,
            String blogTitle,
            Map<String, BlogPlan.TagPlan> tags,
            Map<String, BlogPlan.AuthorPlan> authors,
            Instant now) {
        this.base = base;
        this.blogTitle = blogTitle;
        this.tags = tags;
        this.authors = authors;
        this.sanitizer = new HtmlSanitizer(base);
        this.now = now;
    }

    PostPlan build(SourceFile source, String type) {
        FrontMatter fm =
                YamlReader.read(source.name(), source.frontMatter(), source.frontMatterLine(), FrontMatter.class);
        Check check = new Check(source);
        String slug = fm.slug() != null ? fm.slug() : source.defaultSlug();
        check.that(
                slug.matches(Slugs.PATTERN),
                "slug",
                "slug '" + slug + "' must be lowercase letters, digits and dashes");
        check.that(fm.title() != null && !fm.title().isBlank(), "title", "title is required");
        String status = fm.status() == null ? "draft" : fm.status();
        check.that(STATUSES.contains(status), "status", "status must be draft, scheduled or published");
        String visibility = fm.visibility() == null ? "public" : fm.visibility();
        check.that(VISIBILITIES.contains(visibility), "visibility", "visibility must be public or unlisted");
        Instant publishedAt = check.instant(fm.publishedAt(), "published_at");
        check.that(
                publishedAt != null || "draft".equals(status),
                "published_at",
                "published_at is required unless status is draft");
        Instant updatedAt = fm.updatedAt() != null
                ? check.instant(fm.updatedAt(), "updated_at")
                : publishedAt != null ? publishedAt : now;
        check.that(
                fm.tags().stream().allMatch(tags::containsKey),
                "tags",
                "unknown tag in " + fm.tags() + " (declare tags in blog.yaml)");
        check.that(fm.tags().stream().distinct().count() == fm.tags().size(), "tags", "a tag is listed twice");
        check.that(!fm.authors().isEmpty(), "authors", "at least one author is required");
        check.that(
                fm.authors().stream().allMatch(authors::containsKey),
                "authors",
                "unknown author in " + fm.authors() + " (declare authors in blog.yaml)");
        check.that(
                fm.authors().stream().distinct().count() == fm.authors().size(),
                "authors",
                "an author is listed twice");
        RenderedContent rendered = render(source);
        String url = base.resolve(slug + "/").toString();
        String plain = rendered.plainText().replaceAll("\\s+", " ").strip();
        int words = wordCount(plain);
        String excerpt = fm.customExcerpt() != null ? fm.customExcerpt() : excerpt(plain);
        FeatureImage image = featureImage(fm, check);
        Recipe recipe = recipe(fm.recipe(), check);
        List<BlogPlan.TagPlan> postTags = fm.tags().stream().map(tags::get).toList();
        List<BlogPlan.AuthorPlan> postAuthors =
                fm.authors().stream().map(authors::get).toList();
        String jsonLd = JsonLd.of(
                type,
                fm.title(),
                url,
                publishedAt,
                updatedAt,
                image.url(),
                excerpt,
                postAuthors,
                postTags,
                blogTitle,
                words,
                recipe == null ? null : recipe.json,
                recipe == null ? null : recipe.rating,
                fm.recipe());
        return new PostPlan(
                source.name(),
                type,
                slug,
                status,
                visibility,
                Boolean.TRUE.equals(fm.featured()),
                fm.title(),
                url,
                sanitizer.sanitize(rendered.html()),
                source.body(),
                excerpt,
                fm.customExcerpt(),
                publishedAt,
                updatedAt,
                words,
                readingTime(words),
                JSON.valueToTree(rendered.toc()).toString(),
                image.url(),
                fm.featureImageAlt(),
                image.width(),
                image.height(),
                image.sizesJson(),
                image.srcset(),
                fm.metaTitle(),
                fm.metaDescription(),
                check.url(fm.ogImage(), "og_image"),
                check.url(fm.canonicalUrl(), "canonical_url"),
                jsonLd,
                recipe == null ? null : recipe.json.toString(),
                recipe == null ? null : recipe.rating.average,
                recipe == null ? null : recipe.rating.count,
                recipe == null ? null : recipe.rating.reviews,
                recipe == null
                        ? null
                        : fm.recipe().made() == null ? 0 : fm.recipe().made(),
                primaryTagJson(postTags),
                primaryAuthorJson(postAuthors),
                tagsJson(postTags),
                plain.replaceAll("\\p{Cc}", ""),
                fm.tags(),
                fm.authors(),
                recipe == null ? List.of() : fm.recipe().ratings());
    }

    private RenderedContent render(SourceFile source) {
        try {
            return renderer.render(source.body());
        } catch (MarkdownException e) {
            throw new ImportException(source.name(), source.bodyLine() + e.line() - 1, e.getMessage());
        }
    }

    static int wordCount(String plain) {
        int count = 0;
        for (String token : plain.split("\\s+", -1)) {
            if (token.codePoints().anyMatch(Character::isLetterOrDigit)) {
                count++;
            }
        }
        return count;
    }

    /** Whole minutes at 265 words a minute, rounded up; at least 1 for any text. */
    static int readingTime(int words) {
        return words == 0 ? 0 : (words + WORDS_PER_MINUTE - 1) / WORDS_PER_MINUTE;
    }

    static String excerpt(String plain) {
        if (plain.length() <= EXCERPT_CHARS) {
            return plain;
        }
        int cut = plain.lastIndexOf(' ', EXCERPT_CHARS);
        return plain.substring(0, cut > EXCERPT_CHARS / 2 ? cut : EXCERPT_CHARS).strip() + "…";
    }

    /** The post's first tag as lists show it, or null without tags. */
    static String primaryTagJson(List<BlogPlan.TagPlan> postTags) {
        return postTags.isEmpty()
                ? null
                : JSON.createObjectNode()
                        .put("slug", postTags.get(0).slug())
                        .put("name", postTags.get(0).name())
                        .toString();
    }

    /** The post's first author as lists show it. */
    static String primaryAuthorJson(List<BlogPlan.AuthorPlan> postAuthors) {
        return JSON.createObjectNode()
                .put("username", postAuthors.get(0).username())
                .put("name", postAuthors.get(0).name())
                .toString();
    }

    static String tagsJson(List<BlogPlan.TagPlan> postTags) {
        ArrayNode array = JSON.createArrayNode();
        postTags.forEach(t ->
                array.addObject().put("slug", t.slug()).put("name", t.name()).put("url", t.url()));
        return array.toString();
    }

    private record FeatureImage(String url, Integer width, Integer height, String sizesJson, String srcset) {}

    private FeatureImage featureImage(FrontMatter fm, Check check) {
        if (fm.featureImage() == null) {
            check.that(
                    fm.featureImageWidth() == null && fm.featureImageHeight() == null,
                    "feature_image_width",
                    "feature_image_width and feature_image_height need a feature_image");
            return new FeatureImage(null, null, null, null, null);
        }
        String url = check.url(fm.featureImage(), "feature_image");
        Integer width = fm.featureImageWidth();
        Integer height = fm.featureImageHeight();
        check.that(
                width != null && height != null && width > 0 && height > 0 && width <= 20000 && height <= 20000,
                "feature_image",
                "feature_image needs feature_image_width and feature_image_height (1 to 20000 pixels)");
        String separator = url.contains("?") ? "&" : "?";
        ObjectNode sizes = JSON.createObjectNode()
                .put("thumbnail", url + separator + "size=600")
                .put("full", url);
        StringBuilder srcset = new StringBuilder();
        for (int w : SRCSET_WIDTHS) {
            if (w < width) {
                srcset.append(url)
                        .append(separator)
                        .append("size=")
                        .append(w)
                        .append(' ')
                        .append(w)
                        .append("w, ");
            }
        }
        srcset.append(url).append(' ').append(width).append('w');
        return new FeatureImage(url, width, height, sizes.toString(), srcset.toString());
    }

    /** The recipe object of the API and the readers' rating summary. */
    record Rating(BigDecimal average, int count, int reviews) {}

    private record Recipe(ObjectNode json, Rating rating) {}

    private Recipe recipe(FrontMatter.Recipe recipe, Check check) {
        if (recipe == null) {
            return null;
        }
        check.that(
                recipe.totalMin() != null && recipe.totalMin() > 0 && recipe.totalMin() <= 100_000,
                "recipe",
                "recipe.total_min must be a positive number of minutes");
        check.that(
                recipe.difficulty() != null && !recipe.difficulty().isBlank(),
                "recipe",
                "recipe.difficulty is required");
        check.that(recipe.made() == null || recipe.made() >= 0, "recipe", "recipe.made cannot be negative");
        int sum = 0;
        int reviews = 0;
        for (FrontMatter.Rating r : recipe.ratings()) {
            check.that(
                    r.stars() != null && r.stars() >= 1 && r.stars() <= 5,
                    "recipe",
                    "every rating needs stars from 1 to 5");
            check.that(r.reader() != null && !r.reader().isBlank(), "recipe", "every rating needs a reader");
            sum += r.stars();
            reviews += r.review() != null && !r.review().isBlank() ? 1 : 0;
        }
        int count = recipe.ratings().size();
        BigDecimal average = count == 0
                ? BigDecimal.ZERO.setScale(2)
                : BigDecimal.valueOf(sum).divide(BigDecimal.valueOf(count), 2, RoundingMode.HALF_UP);
        ObjectNode json = JSON.createObjectNode()
                .put("total_label", totalLabel(recipe.totalMin()))
                .put("total_min", recipe.totalMin());
        recipe.course().forEach(json.putArray("course")::add);
        recipe.cuisine().forEach(json.putArray("cuisine")::add);
        recipe.diet().forEach(json.putArray("diet")::add);
        json.put("difficulty", recipe.difficulty());
        return new Recipe(json, new Rating(average, count, reviews));
    }

    static String totalLabel(int minutes) {
        int hours = minutes / 60;
        int rest = minutes % 60;
        if (hours == 0) {
            return rest + " min";
        }
        return hours + " hr" + (rest == 0 ? "" : " " + rest + " min");
    }

    /** Checks that report the front-matter line of the key at fault. */
    private final class Check {
        private final SourceFile source;

        Check(SourceFile source) {
            this.source = source;
        }

        void that(boolean condition, String key, String reason) {
            if (!condition) {
                throw new ImportException(
                        source.name(), YamlReader.lineOf(source.frontMatter(), key, source.frontMatterLine()), reason);
            }
        }

        Instant instant(String value, String key) {
            if (value == null) {
                return null;
            }
            try {
                return Dates.parse(value);
            } catch (IllegalArgumentException e) {
                that(false, key, key + " '" + value + "' is not an ISO 8601 date or date-time");
                return null;
            }
        }

        String url(String value, String key) {
            if (value == null) {
                return null;
            }
            String absolute = Urls.absoluteOrNull(base, value);
            that(
                    absolute != null && !absolute.startsWith("#") && !absolute.startsWith("mailto:"),
                    key,
                    key + " must be an http(s) URL or a path on the blog");
            return absolute;
        }
    }
}
