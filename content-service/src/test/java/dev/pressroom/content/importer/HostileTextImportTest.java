package dev.pressroom.content.importer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Titles, excerpts and author names that try to end the {@code <script type="application/ld+json">} a theme pastes
 * JSON-LD into, imported through both importers: the JSON-LD holds no {@code <}, {@code >} or {@code &} at all, and a
 * JSON parser still reads every string as written.
 */
class HostileTextImportTest {

    private static final String TITLE = "Soup</script><script>alert(1)</script> & more";
    private static final String EXCERPT = "<img src=x onerror=alert(2)> &amp; done";
    private static final String AUTHOR = "Ana</script><b>";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path dir;

    @Test
    void markdownImportWhenHostileTitleExcerptAndAuthorThenJsonLdEscapesMarkupAndKeepsText() throws IOException {
        Path blog = TestBlogs.demoCopy(dir);
        Path yaml = blog.resolve("blog.yaml");
        Files.writeString(yaml, Files.readString(yaml).replace("name: Ana Ribeiro", "name: '" + AUTHOR + "'"));
        TestBlogs.write(
                blog,
                "posts/hostile.md",
                "---\ntitle: '" + TITLE + "'\ncustom_excerpt: '" + EXCERPT + "'\nstatus: published\n"
                        + "published_at: 2025-01-01T00:00:00Z\nauthors: [ana]\n---\nBody.\n");

        PostPlan post = new BlogReader("https://{name}.example.test/", NOW)
                .read("demo", blog).posts().stream()
                        .filter(p -> p.slug().equals("hostile"))
                        .findFirst()
                        .orElseThrow();

        assertEscapedAndReadable(post.jsonLd());
    }

    @Test
    void ghostImportWhenHostileTitleExcerptAndAuthorThenJsonLdEscapesMarkupAndKeepsText() throws IOException {
        Path export = dir.resolve("export.json");
        Files.writeString(
                export,
                Files.readString(GhostReaderTest.EXPORT)
                        .replace("\"Late summer tomato soup\"", JSON.writeValueAsString(TITLE))
                        .replace("\"Our favourite soup of the season.\"", JSON.writeValueAsString(EXCERPT))
                        .replace("\"Ben Okafor\"", JSON.writeValueAsString(AUTHOR)));

        PostPlan post = new GhostReader("https://{name}.example.test/", NOW)
                .read("kitchen", export).plan().posts().stream()
                        .filter(p -> p.slug().equals("tomato-soup"))
                        .findFirst()
                        .orElseThrow();

        assertEscapedAndReadable(post.jsonLd());
    }

    private static void assertEscapedAndReadable(String jsonLd) throws IOException {
        assertThat(jsonLd).doesNotContain("<", ">", "&").contains("\\u003C/script\\u003E");
        JsonNode article = JSON.readTree(jsonLd).get(0);
        assertThat(article.get("headline").asText()).isEqualTo(TITLE);
        assertThat(article.get("description").asText()).isEqualTo(EXCERPT);
        assertThat(article.get("author").findValuesAsText("name")).contains(AUTHOR);
    }
}
