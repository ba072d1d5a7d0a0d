package dev.pressroom.content.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlogReaderTest {

    private final BlogReader reader =
            new BlogReader("https://{name}.example.test/", Instant.parse("2026-01-01T00:00:00Z"));

    @TempDir
    Path dir;

    @Test
    void readWhenDemoBlogThenEveryPostAndPageRendered() {
        BlogPlan plan = reader.read("demo", TestBlogs.DEMO);
        assertThat(plan.posts())
                .extracting(PostPlan::slug)
                .contains("tomato-soup", "staff-meal", "winter-menu", "about");
        assertThat(plan.url()).isEqualTo("http://localhost:3000/");
        PostPlan soup = plan.posts().stream()
                .filter(p -> p.slug().equals("tomato-soup"))
                .findFirst()
                .orElseThrow();
        assertThat(soup.html())
                .contains(
                        "card card-recipe",
                        "card card-product",
                        "card card-gallery",
                        "card card-embed",
                        "card card-bookmark",
                        "card card-button",
                        "callout callout-tip");
        assertThat(soup.featureImage()).isEqualTo("http://localhost:3000/content/images/tomato-soup.jpg");
        assertThat(soup.featureImageSizesJson()).contains("tomato-soup.jpg?size=600");
        assertThat(soup.ratingCount()).isEqualTo(3);
        assertThat(soup.reviewCount()).isEqualTo(2);
        assertThat(soup.ratingAverage()).isEqualByComparingTo("4.67");
        assertThat(soup.jsonLd()).contains("\"BlogPosting\"", "\"Recipe\"", "\"aggregateRating\"", "\"PT45M\"");
    }

    @Test
    void readWhenCustomDomainThenEveryUrlUsesIt() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "blog.yaml", "custom_domain: food.example.com\n" + read(blog.resolve("blog.yaml")));
        BlogPlan plan = reader.read("demo", blog);
        assertThat(plan.url()).isEqualTo("https://food.example.com/");
        assertThat(plan.posts()).allSatisfy(p -> assertThat(p.url()).startsWith("https://food.example.com/"));
        assertThat(plan.settingsJson()).contains("\"url\":\"https://food.example.com/\"");
        assertThat(plan.posts().get(0).html()).doesNotContain("localhost");
    }

    @Test
    void readWhenNoUrlThenTemplate() {
        TestBlogs.write(dir, "blog.yaml", "title: T\nauthors:\n  - username: ana\n    name: Ana\n");
        assertThat(reader.read("mine", dir).url()).isEqualTo("https://mine.example.test/");
    }

    @Test
    void readWhenYamlBrokenThenFileAndLine() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "posts/bad.md", "---\ntitle: Bad\ntags: [recipes\nauthors: [ana]\n---\nx\n");
        assertThatThrownBy(() -> reader.read("demo", blog))
                .isInstanceOf(ImportException.class)
                .satisfies(e -> {
                    ImportException error = (ImportException) e;
                    assertThat(error.file()).isEqualTo("posts/bad.md");
                    assertThat(error.line()).isBetween(3, 5);
                });
    }

    @Test
    void readWhenUnknownFrontMatterKeyThenItsLine() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "posts/bad.md", "---\ntitle: Bad\nauthors: [ana]\nsubtitle: nope\n---\nx\n");
        assertThatThrownBy(() -> reader.read("demo", blog)).hasMessage("posts/bad.md:4: unknown key 'subtitle'");
    }

    @Test
    void readWhenUnknownTagThenLineOfTags() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(
                blog,
                "posts/bad.md",
                "---\ntitle: Bad\nstatus: published\npublished_at: 2025-01-01\ntags: [nope]\nauthors: [ana]\n---\nx\n");
        assertThatThrownBy(() -> reader.read("demo", blog)).hasMessageStartingWith("posts/bad.md:5: unknown tag");
    }

    @Test
    void readWhenBadCardThenLineInFile() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "posts/bad.md", "---\ntitle: Bad\nauthors: [ana]\n---\nfirst\n\n:::video\n:::\n");
        assertThatThrownBy(() -> reader.read("demo", blog)).hasMessageStartingWith("posts/bad.md:7: unknown card");
    }

    @Test
    void readWhenPublishedWithoutDateThenError() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "posts/bad.md", "---\ntitle: Bad\nstatus: published\nauthors: [ana]\n---\nx\n");
        assertThatThrownBy(() -> reader.read("demo", blog)).hasMessageContaining("published_at is required");
    }

    @Test
    void readWhenDuplicateSlugThenError() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "pages/tomato-soup.md", "---\ntitle: Dup\nauthors: [ana]\n---\nx\n");
        assertThatThrownBy(() -> reader.read("demo", blog))
                .hasMessageContaining("slug 'tomato-soup' is used by another");
    }

    @Test
    void readWhenBlogNameLooksLikeIdThenError() {
        assertThatThrownBy(() -> reader.read("0123456789abcdef01234567", TestBlogs.DEMO))
                .hasMessageContaining("not 24 hex digits");
    }

    @Test
    void readWhenHostileMarkdownThenStoredHtmlIsSafeAndLinksAbsolute() {
        Path blog = TestBlogs.demoCopy(dir);
        TestBlogs.write(blog, "posts/hostile.md", """
                ---
                title: Hostile
                authors: [ana]
                ---
                [click](javascript:alert(1)) [data](data:text/html,x) [ok](/safe/)
                <script>alert(1)</script><img src=x onerror=alert(1)>
                <svg><g onload=alert(1)></g></svg><a href="jav&#x09;ascript:alert(1)">t</a>
                <iframe src="https://evil.example/"></iframe>

                :::button url="javascript:alert(1)" label="Go"
                :::

                :::embed url="https://evil.example/x" title="x"
                :::\
                """);
        PostPlan post = reader.read("demo", blog).posts().stream()
                .filter(p -> p.slug().equals("hostile"))
                .findFirst()
                .orElseThrow();
        assertThat(post.html().toLowerCase(Locale.ROOT))
                .doesNotContain(
                        "javascript",
                        "data:",
                        "<script",
                        "onerror",
                        "onload",
                        "<svg",
                        "evil.example/\"></iframe",
                        "<iframe");
        assertThat(post.html())
                .contains("href=\"http://localhost:3000/safe/\"", "card card-button", "https://evil.example/x");
    }

    @Test
    void readingTimeWhenWordsThenWholeMinutesRoundedUp() {
        assertThat(PostBuilder.readingTime(0)).isZero();
        assertThat(PostBuilder.readingTime(1)).isEqualTo(1);
        assertThat(PostBuilder.readingTime(265)).isEqualTo(1);
        assertThat(PostBuilder.readingTime(266)).isEqualTo(2);
    }

    @Test
    void totalLabelWhenMinutesThenHoursAndMinutes() {
        assertThat(PostBuilder.totalLabel(45)).isEqualTo("45 min");
        assertThat(PostBuilder.totalLabel(75)).isEqualTo("1 hr 15 min");
        assertThat(PostBuilder.totalLabel(120)).isEqualTo("2 hr");
    }

    private static String read(Path file) {
        try {
            return java.nio.file.Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
