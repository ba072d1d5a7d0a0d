package dev.pressroom.content.blog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** What a request needs to know about a blog, cached per replica and dropped when the blog changes. */
public record Blog(
        String id, String name, boolean privateBlog, long version, int postCount, int pageCount, String settingsJson) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The stored settings, parsed (for answers other than /settings, which copies them). */
    public JsonNode settings() {
        try {
            return JSON.readTree(settingsJson);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored settings of blog " + id + " are not JSON", e);
        }
    }
}
