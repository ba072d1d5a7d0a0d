package dev.pressroom.content.ghost;

import static dev.pressroom.content.paging.QueryParser.invalid;
import static dev.pressroom.content.paging.QueryParser.one;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Ghost's query parameters of a post or page request, translated into ours ({@link #ours()}, read by our own parser,
 * so limits and errors are the same), plus what only the Ghost shape needs: the Ghost fields to show, the includes.
 */
record GhostQuery(Map<String, List<String>> ours, Set<String> fields, boolean tags, boolean authors, boolean html) {

    /** The most a page holds, as in Ghost 6: {@code limit=all} (and any larger limit) is answered in pages of this. */
    static final int MAX_LIMIT = 100;

    /** Ghost's own post fields that come from one of ours (the rest are constants of a site without members). */
    private static final Map<String, String> OUR_FIELD = Map.ofEntries(
            Map.entry("id", "id"),
            Map.entry("uuid", "id"),
            Map.entry("comment_id", "id"),
            Map.entry("title", "title"),
            Map.entry("slug", "slug"),
            Map.entry("html", "html"),
            Map.entry("feature_image", "feature_image"),
            Map.entry("featured", "featured"),
            Map.entry("visibility", "visibility"),
            Map.entry("created_at", "published_at"),
            Map.entry("updated_at", "updated_at"),
            Map.entry("published_at", "published_at"),
            Map.entry("custom_excerpt", "custom_excerpt"),
            Map.entry("canonical_url", "canonical_url"),
            Map.entry("url", "url"),
            Map.entry("excerpt", "excerpt"),
            Map.entry("reading_time", "reading_time"),
            Map.entry("og_image", "og_image"),
            Map.entry("meta_title", "meta_title"),
            Map.entry("meta_description", "meta_description"),
            Map.entry("feature_image_alt", "feature_image_alt"));

    private static final Set<String> ORDERS =
            Set.of("published_at desc", "published_at asc", "title asc", "updated_at desc");
    private static final Set<String> FORMATS = Set.of("html", "plaintext", "mobiledoc", "lexical");

    /** Whether a Ghost post field is our column of the same name, copied as it is. */
    static boolean fromOurs(String ghostField) {
        return ghostField.equals(OUR_FIELD.get(ghostField));
    }

    GhostQuery {
        ours = Map.copyOf(ours);
        fields = fields == null ? null : Set.copyOf(fields);
    }

    /** Ghost's parameters of a list ({@code list} true) or of one post; parameters Ghost does not know are ignored. */
    static GhostQuery parse(Map<String, List<String>> ghost, boolean list) {
        Map<String, List<String>> ours = new HashMap<>();
        Includes includes = includes(one(ghost, "include"));
        Set<String> fields = fields(one(ghost, "fields"));
        boolean html = formatsShowHtml(one(ghost, "formats"));
        ours.put("fields", List.of(ourFields(fields, includes, html)));
        List<String> include = includes.ourInclude();
        if (!include.isEmpty()) {
            ours.put("include", include);
        }
        if (list) {
            copy(ghost, ours, "filter");
            copy(ghost, ours, "page");
            String limit = one(ghost, "limit");
            if (limit != null) {
                ours.put("limit", List.of(limit(limit)));
            }
            String order = one(ghost, "order");
            if (order != null) {
                ours.put("order", List.of(order(order)));
            }
        }
        return new GhostQuery(ours, fields, includes.tags, includes.authors, html);
    }

    /** The Ghost-only part of the request, for the answer's cache key and ETag (ours are canonical already). */
    String canonical() {
        return "gfields=" + (fields == null ? "" : String.join(",", new TreeSet<>(fields))) + "&ginclude="
                + (tags ? "t" : "") + (authors ? "a" : "") + "&ghtml=" + html;
    }

    boolean shows(String field) {
        return fields == null || fields.contains(field);
    }

    private record Includes(boolean tags, boolean authors) {
        List<String> ourInclude() {
            return tags && authors
                    ? List.of("tags,authors")
                    : tags ? List.of("tags") : authors ? List.of("authors") : List.of();
        }
    }

    private static Includes includes(String value) {
        boolean tags = false;
        boolean authors = false;
        if (value != null) {
            for (String part : value.split(",", -1)) {
                switch (part.strip()) {
                    case "tags" -> tags = true;
                    case "authors" -> authors = true;
                    case "count.posts" -> {
                        // Ghost counts posts of tags and authors only; on posts and pages it is a no-op there too.
                    }
                    default -> throw invalid("include takes tags, authors and count.posts");
                }
            }
        }
        return new Includes(tags, authors);
    }

    private static Set<String> fields(String value) {
        if (value == null) {
            return null;
        }
        Set<String> fields = new LinkedHashSet<>();
        for (String part : value.split(",", -1)) {
            String field = part.strip();
            if (!GhostShape.POST_FIELDS.contains(field)) {
                throw invalid("unknown field '" + field + "' in fields");
            }
            fields.add(field);
        }
        return fields;
    }

    /** Our fields that feed the Ghost fields asked for; the id is always read (a post is never empty). */
    private static String ourFields(Set<String> ghostFields, Includes includes, boolean html) {
        Set<String> ours = new TreeSet<>();
        ours.add("id");
        if (ghostFields == null) {
            ours.addAll(OUR_FIELD.values());
        } else {
            ghostFields.stream()
                    .filter(OUR_FIELD::containsKey)
                    .map(OUR_FIELD::get)
                    .forEach(ours::add);
        }
        if (!html) {
            ours.remove("html");
        }
        if (includes.tags) {
            ours.add("tags");
        }
        if (includes.authors) {
            ours.add("authors");
        }
        return String.join(",", ours);
    }

    /** Ghost answers {@code html} by default; {@code formats} may drop it (the other formats are not kept here). */
    private static boolean formatsShowHtml(String value) {
        if (value == null) {
            return true;
        }
        boolean html = false;
        for (String part : value.split(",", -1)) {
            String format = part.strip();
            if (!FORMATS.contains(format)) {
                throw invalid("formats takes html, plaintext, mobiledoc and lexical");
            }
            html |= format.equals("html");
        }
        return html;
    }

    /**
     * Ghost 6's page size rule for every browse (docs.ghost.org/changes, "Ghost 6.0"): {@code limit=all} and any limit
     * above 100 are answered in pages of 100, not refused; anything else is left to the parser (a malformed limit stays
     * a 400 here, where Ghost 6 would silently answer 100).
     */
    static String limit(String value) {
        if (value.equals("all")) {
            return String.valueOf(MAX_LIMIT);
        }
        if (value.matches("[0-9]{1,9}") && Integer.parseInt(value) > MAX_LIMIT) {
            return String.valueOf(MAX_LIMIT);
        }
        return value;
    }

    /** Ghost spells orders in any case ({@code published_at DESC}); ours are lowercase. */
    private static String order(String value) {
        String order = value.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        if (!ORDERS.contains(order)) {
            throw invalid("order must be one of: " + String.join(", ", new TreeSet<>(ORDERS)));
        }
        return order;
    }

    private static void copy(Map<String, List<String>> from, Map<String, List<String>> to, String name) {
        String value = one(from, name);
        if (value != null) {
            to.put(name, List.of(value));
        }
    }
}
