package dev.pressroom.content.ghost;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.content.api.Json;
import dev.pressroom.kernel.error.ApiException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Ghost's Content API shape (Ghost 6) of our tags, authors and settings: Ghost's field names and order, Ghost's null
 * for what a site without members, code injection or social cards does not have. These answers are small; they are
 * reshaped from ours once per build, and the answer cache keeps the result. Posts are written from rows
 * ({@link GhostPostWriter}).
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

    private GhostShape() {}

    /** Ghost's uuid, stable per post: a name-based UUID of the id (no post here has one of its own). */
    static String uuidOf(String id) {
        return UUID.nameUUIDFromBytes(("pressroom-post:" + id).getBytes(StandardCharsets.UTF_8))
                .toString();
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
        nulls(ghost, GhostPeople.SOCIAL_CARDS);
        nulls(ghost, "members_support_address");
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

    /**
     * The one item of a single answer of ours ({@code id} null), or the item with that id out of our list answer
     * (404 when there is none), in Ghost's shape; Ghost's single answers have no meta.
     */
    static byte[] single(String key, ObjectNode ours, String id, boolean count, GhostPeople.ItemWriter shape) {
        for (JsonNode item : array(ours, key)) {
            if (id == null || id.equals(item.path("id").asText())) {
                return Json.bytes(1024, g -> {
                    g.writeStartObject();
                    g.writeArrayFieldStart(key);
                    shape.write(g, item, count);
                    g.writeEndArray();
                    g.writeEndObject();
                });
            }
        }
        throw ApiException.notFound("No " + key.substring(0, key.length() - 1) + " has the id '" + id + "'.");
    }

    /** Ghost's meta.pagination (ours has the same fields). */
    static void writePagination(JsonGenerator g, int page, int limit, int total) throws IOException {
        int pages = Math.max(1, (total + limit - 1) / limit);
        g.writeObjectFieldStart("meta");
        g.writeObjectFieldStart("pagination");
        g.writeNumberField("page", page);
        g.writeNumberField("limit", limit);
        g.writeNumberField("pages", pages);
        g.writeNumberField("total", total);
        Json.integer(g, "next", page < pages ? page + 1 : null);
        Json.integer(g, "prev", page > 1 ? Math.min(page - 1, pages) : null);
        g.writeEndObject();
        g.writeEndObject();
    }

    static ObjectNode read(byte[] json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("an answer of ours is not JSON", e);
        }
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored JSON column is not JSON", e);
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

    private static void nulls(ObjectNode node, String... fields) {
        for (String field : fields) {
            node.putNull(field);
        }
    }
}
