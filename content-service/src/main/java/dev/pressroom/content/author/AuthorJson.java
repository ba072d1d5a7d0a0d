package dev.pressroom.content.author;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pressroom.content.api.Json;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;

/** An author as the API shows it, also the element of a post's include=authors list. */
public final class AuthorJson {

    /** Columns an author row must have (table alias a). */
    public static final String COLUMNS = "a.username, a.name, a.bio, a.profile_image, a.url, a.links, "
            + "a.role, a.post_count";

    private AuthorJson() {
    }

    public static void write(JsonGenerator g, Row r) throws IOException {
        g.writeStartObject();
        Json.string(g, "username", r, "username");
        Json.string(g, "name", r, "name");
        Json.string(g, "bio", r, "bio");
        Json.string(g, "profile_image", r, "profile_image");
        Json.string(g, "url", r, "url");
        Json.raw(g, "links", r, "links");
        Json.string(g, "role", r, "role");
        Json.count(g, r, "post_count");
        g.writeEndObject();
    }
}
