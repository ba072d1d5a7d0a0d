package dev.pressroom.content.ghost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.error.ApiException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GhostQueryTest {

    @Test
    void parseWhenGhostSpellingsThenOurParameters() {
        GhostQuery q = GhostQuery.parse(
                Map.of(
                        "limit", List.of("all"),
                        "order", List.of("published_at  DESC"),
                        "include", List.of("tags,count.posts"),
                        "fields", List.of("title,created_at,uuid"),
                        "filter", List.of("tag:soups"),
                        "key", List.of("prc_x")),
                true);

        assertThat(q.ours())
                .containsEntry("limit", List.of("100"))
                .containsEntry("order", List.of("published_at desc"))
                .containsEntry("include", List.of("tags"))
                .containsEntry("fields", List.of("id,published_at,tags,title"))
                .containsEntry("filter", List.of("tag:soups"))
                .doesNotContainKey("key");
        assertThat(q.tags()).isTrue();
        assertThat(q.authors()).isFalse();
        assertThat(q.shows("uuid")).isTrue();
        assertThat(q.shows("html")).isFalse();
    }

    @Test
    void parseWhenLimitAboveOursThenOurLargestPage() {
        assertThat(GhostQuery.parse(Map.of("limit", List.of("500")), true).ours())
                .containsEntry("limit", List.of("100"));
        assertThat(GhostQuery.parse(Map.of("limit", List.of("7")), true).ours()).containsEntry("limit", List.of("7"));
    }

    @Test
    void parseWhenFormatsWithoutHtmlThenNoHtmlRead() {
        GhostQuery q = GhostQuery.parse(Map.of("formats", List.of("plaintext")), false);

        assertThat(q.html()).isFalse();
        assertThat(q.ours().get("fields").get(0)).doesNotContain("html");
    }

    @Test
    void parseWhenUnknownValuesThen400() {
        for (Map<String, List<String>> bad : List.of(
                Map.of("fields", List.of("word_count")),
                Map.of("include", List.of("tiers")),
                Map.of("formats", List.of("pdf")),
                Map.of("order", List.of("title desc")),
                Map.of("limit", List.of("5", "6")))) {
            assertThatThrownBy(() -> GhostQuery.parse(bad, true))
                    .isInstanceOf(ApiException.class)
                    .extracting(e -> ((ApiException) e).status())
                    .isEqualTo(400);
        }
    }

    @Test
    void canonicalWhenSameRequestSpelledTwoWaysThenSame() {
        assertThat(GhostQuery.parse(Map.of("fields", List.of("title,slug")), true)
                        .canonical())
                .isEqualTo(GhostQuery.parse(Map.of("fields", List.of("slug, title")), true)
                        .canonical());
    }
}
