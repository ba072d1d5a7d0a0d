package dev.pressroom.content.sitemap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.feed.TestXml;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Sitemaps of the demo blog, with the test profile's page size of 3 URLs per file (content.sitemap.page-size). */
@QuarkusTest
class SitemapResourceTest {

    private static final String BASE = "/api/content/v1/blogs/sitemap-demo/";
    private static final String PUBLIC = "https://api.example.test" + BASE;
    private static boolean loaded;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (!loaded) {
            TestContent.demo(admin, "sitemap-demo");
            Path privateBlog = TestBlogs.demoCopy(Files.createTempDirectory("private"));
            TestBlogs.write(
                    privateBlog, "blog.yaml", "private: true\n" + Files.readString(privateBlog.resolve("blog.yaml")));
            TestContent.load(admin, "sitemap-private", privateBlog);
            loaded = true;
        }
    }

    private static TestXml get(String file) {
        return TestXml.parse(given().get(BASE + file)
                .then()
                .statusCode(200)
                .contentType(startsWith("application/xml"))
                .extract()
                .asString());
    }

    @Test
    void indexWhenNoKeyThenEveryTypeSplitAtPageSize() {
        TestXml index = get("sitemap.xml");
        assertThat(index.texts("/sm:sitemapindex/sm:sitemap/sm:loc"))
                .containsExactly(
                        PUBLIC + "sitemap-posts.xml",
                        PUBLIC + "sitemap-posts-2.xml",
                        PUBLIC + "sitemap-pages.xml",
                        PUBLIC + "sitemap-tags.xml",
                        PUBLIC + "sitemap-tags-2.xml",
                        PUBLIC + "sitemap-authors.xml");
    }

    @Test
    void postsWhenSplitThenFilesHoldAllPostsNewestFirstWithLastmod() {
        TestXml first = get("sitemap-posts.xml");
        TestXml second = get("sitemap-posts-2.xml");
        List<String> urls = new ArrayList<>(first.texts("/sm:urlset/sm:url/sm:loc"));
        urls.addAll(second.texts("/sm:urlset/sm:url/sm:loc"));
        assertThat(urls)
                .containsExactly(
                        "http://localhost:3000/tomato-soup/",
                        "http://localhost:3000/sourdough-basics/",
                        "http://localhost:3000/knife-skills/",
                        "http://localhost:3000/pantry-staples/");
        assertThat(first.texts("/sm:urlset/sm:url/sm:lastmod")).hasSize(3).contains("2025-10-05T08:00:00Z");
        // The index's lastmod of a file is the latest lastmod inside it.
        String newest = first.texts("/sm:urlset/sm:url/sm:lastmod").stream()
                .max(Comparator.comparing(Instant::parse))
                .orElseThrow();
        assertThat(get("sitemap.xml")
                        .text("/sm:sitemapindex/sm:sitemap[sm:loc='" + PUBLIC + "sitemap-posts.xml']/sm:lastmod"))
                .isEqualTo(newest);
    }

    @Test
    void pagesTagsAuthorsWhenReadThenHomeFirstAndOnlyUsedTagsAndAuthors() {
        assertThat(get("sitemap-pages.xml").texts("/sm:urlset/sm:url/sm:loc"))
                .containsExactly(
                        "http://localhost:3000/", "http://localhost:3000/contact/", "http://localhost:3000/about/");
        List<String> tags = new ArrayList<>(get("sitemap-tags.xml").texts("/sm:urlset/sm:url/sm:loc"));
        tags.addAll(get("sitemap-tags-2.xml").texts("/sm:urlset/sm:url/sm:loc"));
        assertThat(tags)
                .containsExactly(
                        "http://localhost:3000/tag/baking/",
                        "http://localhost:3000/tag/recipes/",
                        "http://localhost:3000/tag/soups/",
                        "http://localhost:3000/tag/techniques/");
        assertThat(get("sitemap-authors.xml").texts("/sm:urlset/sm:url/sm:loc"))
                .allMatch(u -> u.startsWith("http://localhost:3000/author/"));
        assertThat(get("sitemap-tags.xml").count("/sm:urlset/sm:url[not(sm:lastmod)]"))
                .isZero();
    }

    @Test
    void homeWhenListedThenLastmodIsTheNewestUpdateOfPostsAndPages() {
        List<String> pages = get("sitemap-pages.xml").texts("/sm:urlset/sm:url/sm:lastmod");
        List<String> updates = new ArrayList<>(pages.subList(1, pages.size()));
        updates.addAll(get("sitemap-posts.xml").texts("/sm:urlset/sm:url/sm:lastmod"));
        updates.addAll(get("sitemap-posts-2.xml").texts("/sm:urlset/sm:url/sm:lastmod"));
        assertThat(updates).hasSize(6);
        assertThat(pages.get(0))
                .isEqualTo(updates.stream()
                        .max(Comparator.comparing(Instant::parse))
                        .orElseThrow());
    }

    @Test
    void fileWhenBeyondLastOrMisnamedThen404() {
        for (String file : List.of(
                "sitemap-posts-3.xml",
                "sitemap-posts-2x.xml",
                "sitemap-posts-1.xml",
                "sitemap-tags-3.xml",
                "sitemap-drafts.xml",
                "sitemap-posts-0.xml",
                "sitemap-posts-99999999999.xml")) {
            given().get(BASE + file).then().statusCode(404).body("errors[0].code", equalTo("not_found"));
        }
    }

    @Test
    void sitemapWhenPrivateBlogThen404AndWhenRevalidatedThen304() {
        given().get("/api/content/v1/blogs/sitemap-private/sitemap.xml").then().statusCode(404);
        String etag = given().get(BASE + "sitemap.xml")
                .then()
                .statusCode(200)
                .header("Cache-Control", "public, max-age=60, stale-while-revalidate=300")
                .extract()
                .header("ETag");
        given().header("If-None-Match", etag).get(BASE + "sitemap.xml").then().statusCode(304);
    }
}
