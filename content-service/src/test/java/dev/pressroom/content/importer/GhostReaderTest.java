package dev.pressroom.content.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hand-built Ghost 5 export (src/test/resources/ghost/export.json) read into a plan, and the exports refused. */
class GhostReaderTest {

    static final Path EXPORT = Path.of("src/test/resources/ghost/export.json");
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");

    private final GhostReader reader = new GhostReader("https://{name}.example.test/", NOW);

    @TempDir
    Path dir;

    private GhostReader.Result read() {
        return reader.read("kitchen", EXPORT);
    }

    private static Map<String, PostPlan> bySlug(BlogPlan plan) {
        return plan.posts().stream().collect(Collectors.toMap(PostPlan::slug, Function.identity()));
    }

    @Test
    void readWhenGhost5ExportThenPublicPostsAndPagesKeptAndTheRestReportedSkipped() {
        GhostReader.Result result = read();

        assertThat(bySlug(result.plan()).keySet())
                .containsExactlyInAnyOrder("tomato-soup", "making-stock", "about", "winter-menu", "autumn-menu");
        assertThat(result.report().posts()).isEqualTo(4);
        assertThat(result.report().pages()).isEqualTo(1);
        assertThat(result.report().skipped())
                .containsEntry("members", 2)
                .containsEntry("newsletters", 1)
                .containsEntry("tiers", 1)
                .containsEntry("members-only posts", 1)
                .containsEntry("email-only posts", 1)
                .containsEntry("internal tags", 1)
                .containsEntry("cards without a counterpart: signup", 1)
                .containsEntry("cards without a counterpart: paywall", 1);
    }

    @Test
    void readWhenPostHasHtmlThenFieldsKeptCardsRenamedAndHtmlSanitized() {
        PostPlan soup = bySlug(read().plan()).get("tomato-soup");

        assertThat(soup.type()).isEqualTo("post");
        assertThat(soup.status()).isEqualTo("published");
        assertThat(soup.featured()).isTrue();
        assertThat(soup.publishedAt()).isEqualTo(Instant.parse("2024-08-01T10:00:00Z"));
        assertThat(soup.updatedAt()).isEqualTo(Instant.parse("2024-08-02T09:00:00Z"));
        assertThat(soup.url()).isEqualTo("https://kitchen.example.test/tomato-soup/");
        assertThat(soup.customExcerpt()).isEqualTo("Our favourite soup of the season.");
        assertThat(soup.excerpt()).isEqualTo("Our favourite soup of the season.");
        assertThat(soup.featureImage()).isEqualTo("https://kitchen.example.test/content/images/2024/08/soup.jpg");
        assertThat(soup.featureImageAlt()).isEqualTo("A bowl of red soup");
        assertThat(soup.metaTitle()).isEqualTo("Tomato soup | Tomato Kitchen");
        assertThat(soup.metaDescription()).isEqualTo("A late summer soup.");
        assertThat(soup.ogImage()).isEqualTo("https://kitchen.example.test/content/images/2024/08/soup-og.jpg");
        assertThat(soup.html())
                .contains("<figure class=\"card card-image\">")
                .contains("src=\"https://kitchen.example.test/content/images/2024/08/soup.jpg\"")
                .contains("class=\"card card-bookmark\"")
                .contains("class=\"card-bookmark-container\" href=\"https://example.org/tomatoes\"")
                .contains("class=\"card callout callout-blue\"")
                .contains("href=\"https://kitchen.example.test/recipes/\"")
                .doesNotContain("<script", "javascript:", "document.cookie", "kg-");
        assertThat(soup.wordCount()).isEqualTo(19);
        assertThat(soup.readingTime()).isEqualTo(1);
    }

    @Test
    void readWhenPostHasTagsAndAuthorsThenGhostOrderKeptInternalTagDroppedFirstIsPrimary() {
        PostPlan soup = bySlug(read().plan()).get("tomato-soup");

        assertThat(soup.tagSlugs()).containsExactly("recipes", "news");
        assertThat(soup.primaryTagJson()).isEqualTo("{\"slug\":\"recipes\",\"name\":\"Recipes\"}");
        assertThat(soup.authorUsernames()).containsExactly("ben", "ana");
        assertThat(soup.primaryAuthorJson()).isEqualTo("{\"username\":\"ben\",\"name\":\"Ben Okafor\"}");
        assertThat(soup.jsonLd()).contains("\"headline\":\"Late summer tomato soup\"", "Ben Okafor", "Ana Ruiz");
    }

    @Test
    void readWhenOnlyLexicalThenRenderedAsGhostRendersIt() {
        PostPlan stock = bySlug(read().plan()).get("making-stock");

        assertThat(stock.html())
                .contains(
                        "<p>Stock is <strong>the base</strong> of every <a href=\"https://example.org/soups\"><em>good"
                                + " soup</em></a>.</p>")
                .contains("<h2>What you need</h2>")
                .contains("<ul><li>Bones</li><li>Onions &amp; leeks</li></ul>")
                .contains("Simmer <strong>slowly</strong> for four hours.")
                .contains("<code class=\"language-python\">salt &#61; 0.8 * water</code>")
                .contains("<p>Raw <em>HTML</em> card</p>")
                .contains("<hr />")
                .contains("class=\"callout callout-yellow\"")
                .doesNotContain("onclick", "<script", "Subscribe");
        assertThat(stock.bodyText())
                .startsWith("Stock is the base of every good soup. What you need Bones Onions & leeks");
        assertThat(stock.canonicalUrl()).isEqualTo("https://old.example.org/making-stock/");
        assertThat(stock.excerpt()).startsWith("Stock is the base of every good soup.");
    }

    @Test
    void readWhenOnlyMobiledocThenRenderedWithMarkupsAtomsAndCards() {
        PostPlan about = bySlug(read().plan()).get("about");

        assertThat(about.type()).isEqualTo("page");
        assertThat(about.html())
                .contains(
                        "<p>About <strong>Tomato Kitchen</strong><a href=\"https://example.org/team\">meet the team</a></p>")
                .contains("<hr />")
                .contains("<ol><li>Fresh</li><li><strong>Seasonal</strong></li></ol>")
                .contains("src=\"https://kitchen.example.test/content/images/2024/05/kitchen.jpg\"")
                .contains("<figcaption>The <em>pass</em></figcaption>")
                .contains("We cook <strong>every</strong> day.")
                .contains("<h3>Visit us</h3>");
    }

    @Test
    void readWhenDraftOrScheduledThenStatusKept() {
        Map<String, PostPlan> posts = bySlug(read().plan());

        assertThat(posts.get("winter-menu").status()).isEqualTo("draft");
        assertThat(posts.get("winter-menu").publishedAt()).isNull();
        assertThat(posts.get("winter-menu").listed()).isFalse();
        assertThat(posts.get("autumn-menu").status()).isEqualTo("scheduled");
        assertThat(posts.get("autumn-menu").authorUsernames()).containsExactly("ben");
    }

    @Test
    void readWhenSettingsUsersAndTagsThenBlogPlanHasThem() {
        BlogPlan plan = read().plan();

        assertThat(plan.url()).isEqualTo("https://kitchen.example.test/");
        assertThat(plan.settingsJson())
                .contains("\"title\":\"Tomato Kitchen\"")
                .contains("\"description\":\"Seasonal cooking.\"")
                .contains("\"accent_color\":\"#ff5a1f\"")
                .contains("\"logo\":\"https://kitchen.example.test/content/images/logo.png\"")
                .contains("{\"label\":\"About\",\"url\":\"https://kitchen.example.test/about/\"}");
        assertThat(plan.tags()).extracting(BlogPlan.TagPlan::slug).containsExactly("news", "recipes");
        assertThat(plan.authors()).extracting(BlogPlan.AuthorPlan::username).containsExactly("ana", "ben");
        BlogPlan.AuthorPlan ana = plan.authors().get(0);
        assertThat(ana.role()).isEqualTo("Administrator");
        assertThat(ana.profileImage()).isEqualTo("https://kitchen.example.test/content/images/ana.jpg");
        assertThat(ana.linksJson()).contains("https://ana.example.org", "https://x.com/anaruiz");
        assertThat(plan.authors().get(1).linksJson()).contains("https://www.facebook.com/benokafor");
    }

    @Test
    void readWhenOlderEnvelopeAndDatesThenAccepted() throws Exception {
        Path file = dir.resolve("ghost-1.json");
        Files.writeString(file, """
                {"meta": {"version": "1.25.0"}, "data": {
                  "posts": [{"id": "1", "title": "Hello", "slug": "hello", "html": "<p>Hi</p>", "page": false,
                             "status": "published", "published_at": "2018-03-01 10:00:00", "author_id": "9",
                             "updated_at": 1519898400000}],
                  "users": [{"id": "9", "name": "Old Author", "slug": "old-author"}]}}
                """);

        PostPlan hello = reader.read("old", file).plan().posts().get(0);

        assertThat(hello.publishedAt()).isEqualTo(Instant.parse("2018-03-01T10:00:00Z"));
        assertThat(hello.updatedAt()).isEqualTo(Instant.ofEpochMilli(1519898400000L));
        assertThat(hello.authorUsernames()).containsExactly("old-author");
        assertThat(hello.type()).isEqualTo("post");
    }

    @Test
    void readWhenBadRowOrNotAnExportThenImportExceptionSaysWhere() throws Exception {
        Path badSlug = dir.resolve("bad-slug.json");
        Files.writeString(badSlug, """
                {"db": [{"data": {"posts": [{"id": "x1", "title": "T", "slug": "Not A Slug", "status": "draft"}],
                 "users": [{"id": "u", "slug": "u"}], "posts_authors": [{"post_id": "x1", "author_id": "u"}]}}]}
                """);
        Path notJson = dir.resolve("not-json.json");
        Files.writeString(notJson, "{\"db\": [ {\"data\": {\"posts\": [ {,");
        Path noData = dir.resolve("no-data.json");
        Files.writeString(noData, "{\"posts\": []}");

        assertThatThrownBy(() -> reader.read("bad", badSlug))
                .isInstanceOf(ImportException.class)
                .hasMessageContaining("posts[id=x1]: slug 'Not A Slug'");
        assertThatThrownBy(() -> reader.read("bad", notJson))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("not-json.json:1: not JSON");
        assertThatThrownBy(() -> reader.read("bad", noData))
                .isInstanceOf(ImportException.class)
                .hasMessageContaining("no \"data\" object");
    }
}
