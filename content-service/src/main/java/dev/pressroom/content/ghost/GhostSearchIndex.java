package dev.pressroom.content.ghost;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.content.api.Json;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;

/**
 * The compact documents of Ghost's search-index routes, which Sodo search (the search of Ghost's default themes)
 * loads whole and searches in the browser: Ghost 6's fields in Ghost's order, nothing else (no html, no tags).
 */
final class GhostSearchIndex {

    /** Ghost answers at most this many documents per index, newest updated first. */
    static final int MAX_DOCUMENTS = 10_000;

    private GhostSearchIndex() {}

    /**
     * A post (or page): id, slug, title, excerpt, url, created_at, updated_at, published_at, visibility, as Ghost 6's
     * Content API picks them. created_at is the publication, as in our Ghost posts (no creation date is kept).
     */
    static void post(JsonGenerator g, Row row) throws IOException {
        g.writeStartObject();
        Json.string(g, "id", row, "id");
        Json.string(g, "slug", row, "slug");
        Json.string(g, "title", row, "title");
        Json.string(g, "excerpt", row, "excerpt");
        Json.string(g, "url", row, "url");
        Json.string(g, "created_at", row, "published_at");
        Json.string(g, "updated_at", row, "updated_at");
        Json.string(g, "published_at", row, "published_at");
        Json.string(g, "visibility", row, "visibility");
        g.writeEndObject();
    }

    /** A tag of our /tags answer: id, slug, name, url. */
    static void tag(JsonGenerator g, JsonNode ours) throws IOException {
        g.writeStartObject();
        Json.string(g, "id", ours.path("id").textValue());
        Json.string(g, "slug", ours.path("slug").textValue());
        Json.string(g, "name", ours.path("name").textValue());
        Json.string(g, "url", ours.path("url").textValue());
        g.writeEndObject();
    }

    /** An author of our /authors answer: id, slug (our username), name, url, profile_image. */
    static void author(JsonGenerator g, JsonNode ours) throws IOException {
        g.writeStartObject();
        Json.string(g, "id", ours.path("id").textValue());
        Json.string(g, "slug", ours.path("username").textValue());
        Json.string(g, "name", ours.path("name").textValue());
        Json.string(g, "url", ours.path("url").textValue());
        Json.string(g, "profile_image", ours.path("profile_image").textValue());
        g.writeEndObject();
    }
}
