package dev.pressroom.content.ghost;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pressroom.content.api.Json;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class GhostPeopleTest {

    @Test
    void tagWhenEmptyDescriptionAndCountAskedThenGhostNullAndCount() {
        JsonNode ours = GhostShape.tree(
                "{\"id\":\"t1\",\"slug\":\"soups\",\"name\":\"Soups\",\"description\":\"\",\"url\":\"https://x/tag/soups/\","
                        + "\"count\":{\"posts\":3}}");

        String ghost = text(Json.bytes(256, g -> GhostPeople.tag(g, ours, true)));

        assertThat(ghost)
                .startsWith("{\"id\":\"t1\",\"name\":\"Soups\",\"slug\":\"soups\",\"description\":null,")
                .contains("\"visibility\":\"public\"", "\"og_image\":null", "\"accent_color\":null")
                .endsWith("\"url\":\"https://x/tag/soups/\",\"count\":{\"posts\":3}}");
        assertThat(text(Json.bytes(256, g -> GhostPeople.tag(g, ours, false)))).doesNotContain("count");
    }

    @Test
    void authorWhenLinksThenFirstIsWebsiteAndUsernameIsSlug() {
        JsonNode ours = GhostShape.tree("{\"id\":\"a1\",\"username\":\"ana\",\"name\":\"Ana\",\"bio\":\"Cook.\","
                + "\"profile_image\":null,\"url\":\"https://x/author/ana/\",\"links\":[{\"label\":\"Site\","
                + "\"url\":\"https://ana.example.com/\"},{\"label\":\"Other\",\"url\":\"https://o.example.com/\"}],"
                + "\"role\":\"Editor\",\"count\":{\"posts\":2}}");

        String ghost = text(Json.bytes(256, g -> GhostPeople.author(g, ours, false)));

        assertThat(ghost)
                .contains(
                        "\"slug\":\"ana\"",
                        "\"bio\":\"Cook.\"",
                        "\"website\":\"https://ana.example.com/\"",
                        "\"profile_image\":null")
                .doesNotContain("username", "role", "links", "count");
    }

    private static String text(byte[] json) {
        return new String(json, StandardCharsets.UTF_8);
    }
}
