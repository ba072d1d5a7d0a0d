package dev.pressroom.content.ghost;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.content.api.Json;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;

/**
 * Ghost's tag and author objects, defined once and written straight to the answer, from a row of a post's include
 * query or from an item of our /tags or /authors answer. Ghost's fields this site has no value for are null.
 */
final class GhostPeople {

    /** Writes one tag or author of our answer in Ghost's shape; {@code count} adds Ghost's count.posts. */
    interface ItemWriter {
        void write(JsonGenerator g, JsonNode ours, boolean count) throws IOException;
    }

    /** An item's text values by our field names. */
    private interface Values {
        String text(String ourField);
    }

    /** Ghost's social card fields, which nothing here has a value for. */
    static final String[] SOCIAL_CARDS = {
        "og_image", "og_title", "og_description", "twitter_image", "twitter_title", "twitter_description"
    };

    private GhostPeople() {}

    static void tag(JsonGenerator g, Row r) throws IOException {
        writeTag(g, r::getString, null);
    }

    static void tag(JsonGenerator g, JsonNode ours, boolean count) throws IOException {
        writeTag(g, f -> ours.path(f).textValue(), count ? ours.get("count") : null);
    }

    static void author(JsonGenerator g, Row r) throws IOException {
        writeAuthor(g, r::getString, website(GhostShape.tree(r.getString("links"))), null);
    }

    static void author(JsonGenerator g, JsonNode ours, boolean count) throws IOException {
        writeAuthor(g, f -> ours.path(f).textValue(), website(ours.path("links")), count ? ours.get("count") : null);
    }

    private static void writeTag(JsonGenerator g, Values ours, JsonNode count) throws IOException {
        g.writeStartObject();
        Json.string(g, "id", ours.text("id"));
        Json.string(g, "name", ours.text("name"));
        Json.string(g, "slug", ours.text("slug"));
        Json.string(g, "description", emptyToNull(ours.text("description")));
        g.writeNullField("feature_image");
        g.writeStringField("visibility", "public");
        nulls(g, SOCIAL_CARDS);
        nulls(
                g,
                "meta_title",
                "meta_description",
                "codeinjection_head",
                "codeinjection_foot",
                "canonical_url",
                "accent_color");
        Json.string(g, "url", ours.text("url"));
        writeCount(g, count);
        g.writeEndObject();
    }

    private static void writeAuthor(JsonGenerator g, Values ours, String website, JsonNode count) throws IOException {
        g.writeStartObject();
        Json.string(g, "id", ours.text("id"));
        Json.string(g, "name", ours.text("name"));
        Json.string(g, "slug", ours.text("username"));
        Json.string(g, "profile_image", ours.text("profile_image"));
        g.writeNullField("cover_image");
        Json.string(g, "bio", emptyToNull(ours.text("bio")));
        Json.string(g, "website", website);
        nulls(g, "location", "facebook", "twitter", "meta_title", "meta_description");
        Json.string(g, "url", ours.text("url"));
        writeCount(g, count);
        g.writeEndObject();
    }

    /** Ghost has one website per author; ours lists links, the first of which stands for it. */
    private static String website(JsonNode links) {
        return links.isArray() && !links.isEmpty() ? links.get(0).path("url").textValue() : null;
    }

    private static void writeCount(JsonGenerator g, JsonNode count) throws IOException {
        if (count != null) {
            Json.count(g, count.path("posts").asInt());
        }
    }

    private static String emptyToNull(String text) {
        return text == null || text.isEmpty() ? null : text;
    }

    static void nulls(JsonGenerator g, String... fields) throws IOException {
        for (String field : fields) {
            g.writeNullField(field);
        }
    }
}
