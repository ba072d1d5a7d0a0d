package dev.pressroom.content.author;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pressroom.content.api.Json;
import io.vertx.mutiny.sqlclient.Row;
import java.io.IOException;
import java.util.List;

/**
 * An author as the API shows it, also the element of a post's include=authors list. Written from an entity (the
 * author answers) or from a row of a post's include query; the field order is defined once, here.
 */
public final class AuthorJson {

    /** Columns an author row must have (of the author table). */
    public static final List<String> COLUMNS =
            List.of("id", "username", "name", "bio", "profile_image", "url", "links", "role", "post_count");

    private AuthorJson() {}

    public static void write(JsonGenerator g, AuthorEntity a) throws IOException {
        write(
                g,
                a.id(),
                a.username(),
                a.name(),
                a.bio(),
                a.profileImage(),
                a.url(),
                a.links(),
                a.role(),
                a.postCount());
    }

    public static void write(JsonGenerator g, Row r) throws IOException {
        write(
                g,
                r.getString("id"),
                r.getString("username"),
                r.getString("name"),
                r.getString("bio"),
                r.getString("profile_image"),
                r.getString("url"),
                r.getString("links"),
                r.getString("role"),
                r.getInteger("post_count"));
    }

    private static void write(
            JsonGenerator g,
            String id,
            String username,
            String name,
            String bio,
            String profileImage,
            String url,
            String links,
            String role,
            int posts)
            throws IOException {
        g.writeStartObject();
        Json.string(g, "id", id);
        Json.string(g, "username", username);
        Json.string(g, "name", name);
        Json.string(g, "bio", bio);
        Json.string(g, "profile_image", profileImage);
        Json.string(g, "url", url);
        Json.raw(g, "links", links);
        Json.string(g, "role", role);
        Json.count(g, posts);
        g.writeEndObject();
    }
}
