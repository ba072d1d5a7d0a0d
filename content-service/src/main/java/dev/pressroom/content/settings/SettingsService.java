package dev.pressroom.content.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.blog.BlogLinks;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;

/**
 * The settings answer: stored rendered at import, with the feed URLs filled in here, since they point at this
 * service (CONTENT_PUBLIC_URL), which the importer does not know.
 */
@ApplicationScoped
public class SettingsService {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BlogLinks links;

    public SettingsService(BlogLinks links) {
        this.links = links;
    }

    public byte[] settings(Blog blog) {
        try {
            ObjectNode settings = (ObjectNode) JSON.readTree(blog.settingsJson());
            // put() replaces in place, so the fields keep the order the importer wrote.
            settings.put("rss_url", links.of(blog, "rss/")).put("atom_url", links.of(blog, "atom/"));
            return ("{\"settings\":" + JSON.writeValueAsString(settings) + "}").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored settings of blog " + blog.id() + " are not JSON", e);
        }
    }
}
