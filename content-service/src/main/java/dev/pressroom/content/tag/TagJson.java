package dev.pressroom.content.tag;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pressroom.content.api.Json;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;

/** A tag as the API shows it: slug, name, description, url, count.posts. */
public final class TagJson {

    /** Columns a tag row must have (table alias t). */
    public static final String COLUMNS = "t.slug, t.name, t.description, t.url, t.post_count";

    private TagJson() {
    }

    public static void write(JsonGenerator g, Row r) throws IOException {
        g.writeStartObject();
        Json.string(g, "slug", r, "slug");
        Json.string(g, "name", r, "name");
        Json.string(g, "description", r, "description");
        Json.string(g, "url", r, "url");
        Json.count(g, r, "post_count");
        g.writeEndObject();
    }
}
