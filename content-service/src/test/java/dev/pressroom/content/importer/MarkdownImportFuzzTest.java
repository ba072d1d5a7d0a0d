package dev.pressroom.content.importer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.pressroom.content.render.MarkdownException;
import dev.pressroom.content.sanitize.HtmlSafety;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/**
 * Coverage-guided fuzzing of the Markdown importer: a post file is imported or refused with a file and line, and what
 * it publishes holds no script.
 */
class MarkdownImportFuzzTest {

    private static final PostBuilder BUILDER = new PostBuilder(
            URI.create("https://food.example.com/"), "Food", Map.of(), Map.of(), Instant.parse("2026-11-24T00:00:00Z"));
    private static final String FRONT_MATTER =
            "---\ntitle: Soup\nstatus: published\npublished_at: 2026-01-02T03:04:05Z\n---\n";

    @FuzzTest
    void importedBodyPublishesNoScript(byte[] body) {
        importOrRefuse(FRONT_MATTER + new String(body, StandardCharsets.UTF_8));
    }

    @FuzzTest
    void importedFileIsPublishedSafelyOrRefusedWithALine(byte[] file) {
        importOrRefuse(new String(file, StandardCharsets.UTF_8));
    }

    private static void importOrRefuse(String text) {
        PostPlan plan;
        try {
            plan = BUILDER.build(SourceFile.parse("posts/soup.md", text), "post");
        } catch (ImportException refused) {
            assertThat(refused.getMessage()).contains("posts/soup.md");
            return;
        } catch (MarkdownException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        HtmlSafety.assertSafe(plan.html());
        assertThat(plan.slug()).matches(Slugs.PATTERN);
    }
}
