package dev.pressroom.content.tag;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pressroom.content.api.Json;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;
import java.util.List;

/**
 * A tag as the API shows it: id, slug, name, description, url, count.posts. Written from an entity (the tag answers) or
 * from a row of a post's include=tags query; the field order is defined once, here.
 */
public final class TagJson {

    /** Columns a tag row must have (of the tag table). */
    public static final List<String> COLUMNS = List.of("id", "slug", "name", "description", "url", "post_count");

    private TagJson() {}

    public static void write(JsonGenerator g, TagEntity t) throws IOException {
        write(g, t.id(), t.slug(), t.name(), t.description(), t.url(), t.postCount());
    }

    public static void write(JsonGenerator g, Row r) throws IOException {
        write(
                g,
                r.getString("id"),
                r.getString("slug"),
                r.getString("name"),
                r.getString("description"),
                r.getString("url"),
                r.getInteger("post_count"));
    }

    private static void write(
            JsonGenerator g, String id, String slug, String name, String description, String url, int posts)
            throws IOException {
        g.writeStartObject();
        Json.string(g, "id", id);
        Json.string(g, "slug", slug);
        Json.string(g, "name", name);
        Json.string(g, "description", description);
        Json.string(g, "url", url);
        Json.count(g, posts);
        g.writeEndObject();
    }
}
