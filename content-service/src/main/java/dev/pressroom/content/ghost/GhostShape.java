package dev.pressroom.content.ghost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.kernel.error.ApiException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * Our answers in Ghost's Content API shape (Ghost 6): Ghost's field names and order, Ghost's null for what a site
 * without members, code injection or social cards does not have. Runs once per answer build; the result is what the
 * answer cache keeps, so a cached Ghost answer costs what a cached answer of ours costs.
 */
final class GhostShape {

    /** Every field of a Ghost post or page, in Ghost's order. */
    static final List<String> POST_ORDER = List.of(
            "id",
            "uuid",
            "title",
            "slug",
            "html",
            "comment_id",
            "feature_image",
            "featured",
            "visibility",
            "created_at",
            "updated_at",
            "published_at",
            "custom_excerpt",
            "codeinjection_head",
            "codeinjection_foot",
            "custom_template",
            "canonical_url",
            "tags",
            "authors",
            "primary_author",
            "primary_tag",
            "url",
            "excerpt",
            "reading_time",
            "access",
            "comments",
            "og_image",
            "og_title",
            "og_description",
            "twitter_image",
            "twitter_title",
            "twitter_description",
            "meta_title",
            "meta_description",
            "email_subject",
            "frontmatter",
            "feature_image_alt",
            "feature_image_caption");

    static final Set<String> POST_FIELDS = Set.copyOf(POST_ORDER);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> RELATIONS = Set.of("tags", "authors", "primary_author", "primary_tag");

    private GhostShape() {}

    /** A list or single answer of posts or pages ({@code key} "posts" or "pages"); the pagination is already Ghost's. */
    static byte[] posts(byte[] ours, String key, GhostQuery query) {
        ObjectNode answer = read(ours);
        ArrayNode posts = NODES.arrayNode();
        array(answer, key).forEach(p -> posts.add(post((ObjectNode) p, query)));
        return write(envelope(key, posts, answer.get("meta")));
    }

    static ObjectNode post(ObjectNode ours, GhostQuery query) {
        ObjectNode post = NODES.objectNode();
        for (String field : POST_ORDER) {
            boolean relation = RELATIONS.contains(field);
            if (relation ? included(field, query) : query.shows(field)) {
                post.set(field, postField(field, ours));
            }
        }
        if (!query.html()) {
            post.remove("html");
        }
        return post;
    }

    private static boolean included(String relation, GhostQuery query) {
        return relation.contains("tag") ? query.tags() : query.authors();
    }

    private static JsonNode postField(String field, ObjectNode ours) {
        return switch (field) {
            case "uuid" -> NODES.textNode(uuidOf(ours.path("id").asText()));
            case "comment_id" -> ours.get("id");
            case "created_at" -> ours.get("published_at");
            case "tags" -> embedded(array(ours, "tags"), GhostShape::tag);
            case "authors" -> embedded(array(ours, "authors"), GhostShape::author);
            case "primary_tag" -> first(embedded(array(ours, "tags"), GhostShape::tag));
            case "primary_author" -> first(embedded(array(ours, "authors"), GhostShape::author));
            // Every post here is public and there are no members: anyone may read it, and nobody comments.
            case "access" -> NODES.booleanNode(true);
            case "comments" -> NODES.booleanNode(false);
            default -> ours.has(field) ? ours.get(field) : NODES.nullNode();
        };
    }

    /** Ghost's uuid, stable per post: a name-based UUID of the id (no post here has one of its own). */
    static String uuidOf(String id) {
        return UUID.nameUUIDFromBytes(("pressroom-post:" + id).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /** Each of our tags or authors in Ghost's shape, as a post embeds them (without counts). */
    private static ArrayNode embedded(ArrayNode ours, BiFunction<ObjectNode, Boolean, ObjectNode> shape) {
        ArrayNode items = NODES.arrayNode();
        ours.forEach(item -> items.add(shape.apply((ObjectNode) item, false)));
        return items;
    }

    static ObjectNode tag(ObjectNode ours, boolean count) {
        ObjectNode tag = NODES.objectNode();
        tag.set("id", ours.get("id"));
        tag.set("name", ours.get("name"));
        tag.set("slug", ours.get("slug"));
        tag.set("description", emptyToNull(ours.get("description")));
        tag.putNull("feature_image");
        tag.put("visibility", "public");
        nulls(
                tag,
                "og_image",
                "og_title",
                "og_description",
                "twitter_image",
                "twitter_title",
                "twitter_description",
                "meta_title",
                "meta_description",
                "codeinjection_head",
                "codeinjection_foot",
                "canonical_url",
                "accent_color");
        tag.set("url", ours.get("url"));
        if (count) {
            tag.set("count", ours.get("count"));
        }
        return tag;
    }

    static ObjectNode author(ObjectNode ours, boolean count) {
        ObjectNode author = NODES.objectNode();
        author.set("id", ours.get("id"));
        author.set("name", ours.get("name"));
        author.set("slug", ours.get("username"));
        author.set("profile_image", ours.get("profile_image"));
        author.putNull("cover_image");
        author.set("bio", emptyToNull(ours.get("bio")));
        // Ghost has one website per author; ours lists links, the first of which stands for it.
        JsonNode links = ours.path("links");
        author.set("website", links.isArray() && !links.isEmpty() ? links.get(0).get("url") : NODES.nullNode());
        nulls(author, "location", "facebook", "twitter", "meta_title", "meta_description");
        author.set("url", ours.get("url"));
        if (count) {
            author.set("count", ours.get("count"));
        }
        return author;
    }

    /** Our settings with Ghost's fields added: members, portal and comments as Ghost shows them switched off. */
    static byte[] settings(byte[] ours) {
        ObjectNode settings = (ObjectNode) read(ours).get("settings");
        ObjectNode ghost = NODES.objectNode();
        for (String field :
                List.of("title", "description", "logo", "icon", "accent_color", "cover_image", "lang", "url")) {
            ghost.set(field, settings.get(field));
        }
        ghost.set("locale", settings.get("lang"));
        ghost.put("timezone", "Etc/UTC");
        nulls(ghost, "facebook", "twitter", "codeinjection_head", "codeinjection_foot");
        ghost.set("navigation", settings.get("navigation"));
        ghost.set("secondary_navigation", settings.get("secondary_navigation"));
        ghost.set("meta_title", settings.get("meta_title"));
        ghost.set("meta_description", settings.get("meta_description"));
        nulls(
                ghost,
                "og_image",
                "og_title",
                "og_description",
                "twitter_image",
                "twitter_title",
                "twitter_description",
                "members_support_address");
        ghost.put("members_enabled", false)
                .put("allow_self_signup", false)
                .put("members_invite_only", false)
                .put("members_signup_access", "none")
                .put("paid_members_enabled", false)
                .put("firstpromoter_account", (String) null)
                .put("portal_button_style", "icon-and-text")
                .put("portal_button_signup_text", "Subscribe")
                .put("portal_button_icon", (String) null)
                .put("portal_signup_terms_html", (String) null)
                .put("portal_signup_checkbox_required", false)
                .put("portal_button", false)
                .put("portal_name", false)
                .put("comments_enabled", "off")
                .put("recommendations_enabled", false)
                .put("outbound_link_tagging", false)
                .put("default_email_address", (String) null)
                .put("support_email_address", (String) null)
                .put("editor_default_email_recipients", "disabled");
        ghost.putArray("portal_plans");
        ghost.set("posts_per_page", settings.get("posts_per_page"));
        ghost.set("rss_url", settings.get("rss_url"));
        ObjectNode answer = NODES.objectNode();
        answer.set("settings", ghost);
        answer.putObject("meta");
        return write(answer);
    }

    /** A list answer with Ghost's envelope; {@code meta} null for a single item, as Ghost leaves it out. */
    static ObjectNode envelope(String key, ArrayNode items, JsonNode meta) {
        ObjectNode answer = NODES.objectNode();
        answer.set(key, items);
        if (meta != null) {
            answer.set("meta", meta);
        }
        return answer;
    }

    /**
     * The one item of a single answer of ours ({@code id} null), or the item with that id out of our list answer
     * (404 when there is none), reshaped; Ghost's single answers have no meta.
     */
    static ObjectNode single(
            String key, ObjectNode ours, String id, boolean count, BiFunction<ObjectNode, Boolean, ObjectNode> shape) {
        ArrayNode items = NODES.arrayNode();
        for (JsonNode item : array(ours, key)) {
            if (id == null || id.equals(item.path("id").asText())) {
                items.add(shape.apply((ObjectNode) item, count));
                break;
            }
        }
        if (items.isEmpty()) {
            throw ApiException.notFound("No " + key.substring(0, key.length() - 1) + " has the id '" + id + "'.");
        }
        return envelope(key, items, null);
    }

    static ArrayNode emptyArray() {
        return NODES.arrayNode();
    }

    static ObjectNode pagination(int page, int limit, int total) {
        int pages = Math.max(1, (total + limit - 1) / limit);
        ObjectNode pagination = NODES.objectNode()
                .put("page", page)
                .put("limit", limit)
                .put("pages", pages)
                .put("total", total);
        pagination.set("next", page < pages ? NODES.numberNode(page + 1) : NODES.nullNode());
        pagination.set("prev", page > 1 ? NODES.numberNode(Math.min(page - 1, pages)) : NODES.nullNode());
        ObjectNode meta = NODES.objectNode();
        meta.set("pagination", pagination);
        return meta;
    }

    static ObjectNode read(byte[] json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("an answer of ours is not JSON", e);
        }
    }

    static byte[] write(JsonNode json) {
        try {
            return JSON.writeValueAsBytes(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ArrayNode array(ObjectNode node, String field) {
        JsonNode value = node.get(field);
        return value instanceof ArrayNode a ? a : NODES.arrayNode();
    }

    private static JsonNode first(ArrayNode items) {
        return items.isEmpty() ? NODES.nullNode() : items.get(0);
    }

    private static JsonNode emptyToNull(JsonNode text) {
        return text == null || text.isNull() || text.asText().isEmpty() ? NODES.nullNode() : text;
    }

    private static void nulls(ObjectNode node, String... fields) {
        for (String field : fields) {
            node.putNull(field);
        }
    }
}
