package dev.pressroom.content.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.content.sanitize.HtmlSanitizer;
import dev.pressroom.content.sanitize.Urls;
import dev.pressroom.content.search.SearchLanguage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads a Ghost JSON export into a {@link BlogPlan}, as {@link BlogReader} reads a blog folder: every row checked and
 * every post's HTML sanitized with the same policy before anything is written. Kept: posts and pages with their
 * slugs, dates, featured flags, feature images, meta fields, tags and authors in Ghost's order (the first is the
 * primary one), staff users as authors, public tags, the site settings a Content API answers. Skipped and reported:
 * what has no counterpart here (members, newsletters, tiers, comments... by table; members-only and email-only posts;
 * internal tags; cards with no counterpart). Redirects are not in a Ghost export (Ghost keeps them in a file of
 * their own) and have no counterpart here.
 */
public final class GhostReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Ghost 4+ writes its own address in exports as this placeholder; it becomes the blog's URL here. */
    private static final String GHOST_URL = "__GHOST_URL__";

    private static final Pattern BLOCK_END =
            Pattern.compile("</(p|h[1-6]|li|blockquote|figure|figcaption|pre|div)>|<br\\s*/?>|<hr\\s*/?>");
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern OFFSET = Pattern.compile("(Z|[+-][0-9]{2}:?[0-9]{2})$");

    private final String urlTemplate;
    private final Instant now;

    /** What the import kept and what it skipped, for the command's report. */
    public record Report(int posts, int pages, Map<String, Integer> skipped) {}

    public record Result(BlogPlan plan, Report report) {}

    public GhostReader(String urlTemplate, Instant now) {
        this.urlTemplate = urlTemplate;
        this.now = now;
    }

    public Result read(String name, Path file) {
        String source = file.getFileName().toString();
        if (!name.matches(Slugs.BLOG_NAME)) {
            throw new ImportException(
                    source,
                    0,
                    "blog name '" + name + "' must be a DNS label (lowercase letters,"
                            + " digits, dashes) and not 24 hex digits");
        }
        GhostExport export = GhostExport.read(file);
        Map<String, Integer> skipped = new TreeMap<>(export.skipped());
        URI base = URI.create(urlTemplate.replace("{name}", name));
        base = URI.create(base.toString().endsWith("/") ? base.toString() : base + "/");
        Rows rows = new Rows(source, base);
        Map<String, String> settings = settings(export);
        String title = settings.getOrDefault("title", name);

        Map<String, BlogPlan.TagPlan> tagsById = new LinkedHashMap<>();
        for (ObjectNode tag : export.rows("tags")) {
            if ("internal".equals(GhostCards.text(tag, "visibility"))
                    || GhostCards.text(tag, "name").startsWith("#")) {
                skipped.merge("internal tags", 1, Integer::sum);
                continue;
            }
            String slug = rows.slug(tag, "tags");
            tagsById.put(
                    GhostCards.text(tag, "id"),
                    new BlogPlan.TagPlan(
                            slug,
                            GhostCards.text(tag, "name").isEmpty() ? slug : GhostCards.text(tag, "name"),
                            GhostCards.text(tag, "description"),
                            base.resolve("tag/" + slug + "/").toString()));
        }
        Map<String, BlogPlan.AuthorPlan> authorsById = authors(export, rows, base);
        Map<String, List<String>> postTags = relation(export.rows("posts_tags"), "tag_id");
        Map<String, List<String>> postAuthors = relation(export.rows("posts_authors"), "author_id");
        Map<String, ObjectNode> meta = new HashMap<>();
        export.rows("posts_meta").forEach(m -> meta.put(GhostCards.text(m, "post_id"), m));

        HtmlSanitizer sanitizer = new HtmlSanitizer(base);
        GhostDocuments documents = new GhostDocuments();
        List<PostPlan> posts = new ArrayList<>();
        Set<String> slugs = new HashSet<>();
        int pages = 0;
        for (ObjectNode post : export.rows("posts")) {
            String visibility = GhostCards.text(post, "visibility");
            String status = GhostCards.text(post, "status");
            if (!visibility.isEmpty() && !visibility.equals("public")) {
                skipped.merge("members-only posts", 1, Integer::sum);
                continue;
            }
            if (status.equals("sent")) {
                skipped.merge("email-only posts", 1, Integer::sum);
                continue;
            }
            String id = GhostCards.text(post, "id");
            List<BlogPlan.TagPlan> tags = postTags.getOrDefault(id, List.of()).stream()
                    .map(tagsById::get)
                    .filter(t -> t != null)
                    .toList();
            List<String> authorIds = postAuthors.getOrDefault(
                    id, List.of(GhostCards.text(post, "author_id"), GhostCards.text(post, "created_by")));
            List<BlogPlan.AuthorPlan> authors = authorIds.stream()
                    .map(authorsById::get)
                    .filter(a -> a != null)
                    .distinct()
                    .limit(postAuthors.containsKey(id) ? Long.MAX_VALUE : 1)
                    .toList();
            PostPlan plan =
                    post(post, meta.getOrDefault(id, post), status, tags, authors, rows, sanitizer, documents, title);
            rows.that(slugs.add(plan.slug()), post, "slug '" + plan.slug() + "' is used by another post or page");
            pages += plan.type().equals("page") ? 1 : 0;
            posts.add(plan);
        }
        documents.dropped().forEach(type -> skipped.merge("cards without a counterpart: " + type, 1, Integer::sum));

        BlogPlan plan = new BlogPlan(
                base.toString(),
                null,
                false,
                settingsJson(settings, title, base, rows),
                SearchLanguage.config(settings.get("locale")),
                List.copyOf(authorsById.values()),
                List.copyOf(tagsById.values()),
                posts);
        return new Result(plan, new Report(posts.size() - pages, pages, skipped));
    }

    private static Map<String, String> settings(GhostExport export) {
        Map<String, String> settings = new HashMap<>();
        for (ObjectNode row : export.rows("settings")) {
            JsonNode value = row.path("value");
            if (value.isValueNode() && !value.isNull() && !value.asText().isEmpty()) {
                settings.put(GhostCards.text(row, "key"), value.asText());
            }
        }
        return settings;
    }

    private static Map<String, BlogPlan.AuthorPlan> authors(GhostExport export, Rows rows, URI base) {
        Map<String, String> roleNames = new HashMap<>();
        export.rows("roles").forEach(r -> roleNames.put(GhostCards.text(r, "id"), GhostCards.text(r, "name")));
        Map<String, String> roles = new HashMap<>();
        export.rows("roles_users")
                .forEach(r -> roles.put(GhostCards.text(r, "user_id"), roleNames.get(GhostCards.text(r, "role_id"))));
        Map<String, BlogPlan.AuthorPlan> authors = new LinkedHashMap<>();
        int position = 0;
        for (ObjectNode user : export.rows("users")) {
            String slug = rows.slug(user, "users");
            ArrayNode links = JSON.createArrayNode();
            link(links, "Website", rows.url(user, "website"));
            String twitter = GhostCards.text(user, "twitter").replaceFirst("^@", "");
            link(links, "X", twitter.isEmpty() ? null : "https://x.com/" + twitter);
            String facebook = GhostCards.text(user, "facebook");
            link(links, "Facebook", facebook.isEmpty() ? null : "https://www.facebook.com/" + facebook);
            String status = GhostCards.text(user, "status");
            authors.put(
                    GhostCards.text(user, "id"),
                    new BlogPlan.AuthorPlan(
                            slug,
                            GhostCards.text(user, "name").isEmpty() ? slug : GhostCards.text(user, "name"),
                            GhostCards.text(user, "bio"),
                            rows.url(user, "profile_image"),
                            base.resolve("author/" + slug + "/").toString(),
                            links.toString(),
                            roles.getOrDefault(GhostCards.text(user, "id"), "Author"),
                            !status.equals("inactive") && !status.equals("locked"),
                            position++));
        }
        return authors;
    }

    private static void link(ArrayNode links, String label, String url) {
        if (url != null) {
            links.addObject().put("label", label).put("url", url);
        }
    }

    /** post id to the related ids, in Ghost's sort order. */
    private static Map<String, List<String>> relation(List<ObjectNode> rows, String column) {
        Map<String, List<ObjectNode>> byPost = new HashMap<>();
        rows.forEach(r -> byPost.computeIfAbsent(GhostCards.text(r, "post_id"), k -> new ArrayList<>())
                .add(r));
        Map<String, List<String>> related = new HashMap<>();
        byPost.forEach((post, list) -> related.put(
                post,
                list.stream()
                        .sorted(Comparator.comparingInt(
                                r -> r.path("sort_order").asInt(0)))
                        .map(r -> GhostCards.text(r, column))
                        .toList()));
        return related;
    }

    private PostPlan post(
            ObjectNode post,
            ObjectNode meta,
            String ghostStatus,
            List<BlogPlan.TagPlan> tags,
            List<BlogPlan.AuthorPlan> authors,
            Rows rows,
            HtmlSanitizer sanitizer,
            GhostDocuments documents,
            String blogTitle) {
        String type = post.path("type").isTextual()
                ? GhostCards.text(post, "type")
                : post.path("page").asBoolean(false) ? "page" : "post";
        rows.that(type.equals("post") || type.equals("page"), post, "type must be post or page");
        String slug = rows.slug(post, "posts");
        String title = GhostCards.text(post, "title");
        rows.that(!title.isBlank(), post, "a title is required");
        String status = ghostStatus.isEmpty() ? "draft" : ghostStatus;
        rows.that(Set.of("draft", "scheduled", "published").contains(status), post, "unknown status " + status);
        rows.that(!authors.isEmpty(), post, "no author: its posts_authors rows name no user of the export");
        Instant publishedAt = rows.instant(post, "published_at");
        rows.that(publishedAt != null || status.equals("draft"), post, "published_at is required unless a draft");
        Instant updatedAt = rows.instant(post, "updated_at");
        if (updatedAt == null) {
            updatedAt = publishedAt != null ? publishedAt : now;
        }
        String html = sanitizer.sanitize(html(post, rows, documents).replace(GHOST_URL, withoutSlash(rows.base)));
        String plain =
                GhostCards.text(post, "plaintext").isEmpty() ? plainText(html) : GhostCards.text(post, "plaintext");
        plain = plain.replaceAll("\\s+", " ").strip();
        int words = PostBuilder.wordCount(plain);
        String customExcerpt = GhostCards.text(post, "custom_excerpt");
        String excerpt = customExcerpt.isEmpty() ? PostBuilder.excerpt(plain) : customExcerpt;
        String url = rows.base.resolve(slug + "/").toString();
        String image = rows.url(post, "feature_image");
        String jsonLd = JsonLd.of(
                type,
                title,
                url,
                publishedAt,
                updatedAt,
                image,
                excerpt,
                authors,
                tags,
                blogTitle,
                words,
                null,
                null,
                null);
        ArrayNode tagsJson = JSON.createArrayNode();
        tags.forEach(t ->
                tagsJson.addObject().put("slug", t.slug()).put("name", t.name()).put("url", t.url()));
        return new PostPlan(
                "posts[" + slug + "]",
                type,
                slug,
                status,
                "public",
                post.path("featured").asBoolean(false) || post.path("featured").asInt(0) == 1,
                title,
                url,
                html,
                "",
                excerpt,
                customExcerpt.isEmpty() ? null : customExcerpt,
                publishedAt,
                updatedAt,
                words,
                PostBuilder.readingTime(words),
                "[]",
                image,
                blankToNull(GhostCards.text(meta, "feature_image_alt")),
                null,
                null,
                null,
                null,
                blankToNull(GhostCards.text(meta, "meta_title")),
                blankToNull(GhostCards.text(meta, "meta_description")),
                rows.url(meta, "og_image"),
                rows.url(post, "canonical_url"),
                jsonLd,
                null,
                null,
                null,
                null,
                null,
                PostBuilder.primaryTagJson(tags),
                PostBuilder.primaryAuthorJson(authors),
                PostBuilder.tagsJson(tags),
                plain.replaceAll("\\p{Cc}", ""),
                tags.stream().map(BlogPlan.TagPlan::slug).toList(),
                authors.stream().map(BlogPlan.AuthorPlan::username).toList(),
                List.of());
    }

    /** Ghost's rendered HTML, with its card classes renamed; else rendered here from Lexical or Mobiledoc. */
    private static String html(ObjectNode post, Rows rows, GhostDocuments documents) {
        String html = GhostCards.text(post, "html");
        if (!html.isEmpty()) {
            return GhostCards.renameClasses(html);
        }
        try {
            if (!GhostCards.text(post, "lexical").isEmpty()) {
                return documents.lexical(GhostCards.text(post, "lexical"));
            }
            if (!GhostCards.text(post, "mobiledoc").isEmpty()) {
                return documents.mobiledoc(GhostCards.text(post, "mobiledoc"));
            }
        } catch (IOException e) {
            rows.that(false, post, "its lexical or mobiledoc document is not JSON");
        }
        return "";
    }

    /** Text of sanitized HTML: blocks end with a space, tags dropped, the sanitizer's entities decoded. */
    static String plainText(String html) {
        String text = TAG.matcher(BLOCK_END.matcher(html).replaceAll("$0 ")).replaceAll("");
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int end = c == '&' ? text.indexOf(';', i) : -1;
            if (end > i && end - i <= 10) {
                String entity = text.substring(i + 1, end);
                String decoded = switch (entity) {
                    case "amp" -> "&";
                    case "lt" -> "<";
                    case "gt" -> ">";
                    case "quot" -> "\"";
                    case "nbsp" -> " ";
                    default ->
                        entity.matches("#[0-9]{1,7}")
                                ? new String(Character.toChars(Integer.parseInt(entity.substring(1))))
                                : null;
                };
                if (decoded != null) {
                    out.append(decoded);
                    i = end;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    private static String settingsJson(Map<String, String> s, String title, URI base, Rows rows) {
        String accent = s.getOrDefault("accent_color", "#15171a");
        String lang = s.getOrDefault("locale", "en");
        ObjectNode settings = JSON.createObjectNode()
                .put("title", title)
                .put("description", s.getOrDefault("description", ""))
                .put("url", base.toString())
                .put("lang", lang.matches("[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*") ? lang : "en")
                .put("accent_color", accent.matches("#[0-9a-fA-F]{6}") ? accent.toLowerCase(Locale.ROOT) : "#15171a")
                .put("logo", rows.absolute(s.get("logo")))
                .put("icon", rows.absolute(s.get("icon")))
                .put("cover_image", rows.absolute(s.get("cover_image")))
                .put("meta_title", s.get("meta_title"))
                .put("meta_description", s.get("meta_description"));
        settings.set("navigation", navigation(s.get("navigation"), rows));
        settings.set("secondary_navigation", navigation(s.get("secondary_navigation"), rows));
        settings.putNull("rss_url").putNull("atom_url").put("posts_per_page", 15);
        return settings.toString();
    }

    private static ArrayNode navigation(String json, Rows rows) {
        ArrayNode array = JSON.createArrayNode();
        if (json == null) {
            return array;
        }
        try {
            for (JsonNode item : JSON.readTree(json)) {
                String url = rows.absolute(GhostCards.text(item, "url"));
                if (!GhostCards.text(item, "label").isBlank() && url != null) {
                    array.addObject()
                            .put("label", GhostCards.text(item, "label"))
                            .put("url", url);
                }
            }
        } catch (IOException e) {
            throw new ImportException(rows.file, 0, "settings: navigation is not JSON");
        }
        return array;
    }

    private static String blankToNull(String value) {
        return value.isBlank() ? null : value;
    }

    private static String withoutSlash(URI base) {
        String url = base.toString();
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** Checks on the export's rows, naming the row at fault by table and slug (the export has no useful lines). */
    private record Rows(String file, URI base) {

        void that(boolean condition, ObjectNode row, String reason) {
            if (!condition) {
                throw new ImportException(file, 0, "posts[slug=" + GhostCards.text(row, "slug") + "]: " + reason);
            }
        }

        String slug(ObjectNode row, String table) {
            String slug = GhostCards.text(row, "slug");
            if (!slug.matches(Slugs.PATTERN)) {
                throw new ImportException(
                        file,
                        0,
                        table + "[id=" + GhostCards.text(row, "id") + "]: slug '" + slug
                                + "' must be lowercase letters, digits and dashes");
            }
            return slug;
        }

        /** Ghost writes ISO 8601 in UTC; old exports a space for the T and no offset, or epoch milliseconds. */
        Instant instant(ObjectNode row, String field) {
            if (row.path(field).isIntegralNumber()) {
                return Instant.ofEpochMilli(row.path(field).asLong());
            }
            String value = GhostCards.text(row, field);
            if (value.isEmpty()) {
                return null;
            }
            String iso = value.replace(' ', 'T');
            try {
                return Dates.parse(iso.length() > 10 && !OFFSET.matcher(iso).find() ? iso + "Z" : iso);
            } catch (IllegalArgumentException e) {
                that(false, row, field + " '" + value + "' is not a date");
                return null;
            }
        }

        String url(ObjectNode row, String field) {
            return absolute(GhostCards.text(row, field));
        }

        /** An http(s) URL or a path on the blog made absolute, or null (empty, or not a safe URL). */
        String absolute(String value) {
            if (value == null || value.isEmpty()) {
                return null;
            }
            String absolute = Urls.absoluteOrNull(base, value.replace(GHOST_URL, withoutSlash(base)));
            return absolute == null || absolute.startsWith("#") || absolute.startsWith("mailto:") ? null : absolute;
        }
    }
}
