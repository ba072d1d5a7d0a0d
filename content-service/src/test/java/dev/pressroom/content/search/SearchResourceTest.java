package dev.pressroom.content.search;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class SearchResourceTest {

    private static TestContent.Loaded demo;
    private static TestContent.Loaded french;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (demo == null) {
            demo = TestContent.demo(admin, "search-demo");
            Path folder = Files.createTempDirectory("french");
            TestBlogs.write(
                    folder, "blog.yaml", "title: Cuisine\nlang: fr-CA\nauthors:\n  - username: ana\n    name: Ana\n");
            TestBlogs.write(folder, "posts/hiver.md", """
                    ---
                    title: Les soupes d'hiver
                    status: published
                    published_at: 2025-01-01T00:00:00Z
                    authors: [ana]
                    ---
                    Des légumes mijotés longuement.
                    """);
            french = TestContent.load(admin, "search-french", folder);
        }
    }

    private static RequestSpecification api(TestContent.Loaded blog) {
        return given().header("Authorization", "Key " + blog.key()).basePath("/api/content/v1/blogs/" + blog.blog());
    }

    @Test
    void searchWhenWordInTitleAndBodyThenTitleMatchesFirst() {
        api(demo)
                .get("/posts?search=tomato&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug[0]", equalTo("tomato-soup"))
                .body("posts.slug", contains("tomato-soup", "pantry-staples"))
                .body("meta.pagination.total", equalTo(2));
    }

    @Test
    void searchWhenInflectedWordThenEnglishStemmingMatches() {
        api(demo)
                .get("/posts?search=roasting+tomatoes&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup"));
    }

    @Test
    void searchWhenLastWordIsAPrefixThenSearchAsYouType() {
        api(demo)
                .get("/posts?search=roasted+tom&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup"));
        api(demo)
                .get("/posts?search=tom+roasted&fields=slug")
                .then()
                .statusCode(200)
                .body("meta.pagination.total", equalTo(0));
    }

    @Test
    void searchWhenMatchedThenHighlightHasOnlyMarkElements() {
        List<String> highlights = api(demo)
                .get("/posts?search=chickpeas")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("pantry-staples"))
                .body("posts[0].title", equalTo("Ten pantry staples"))
                .extract()
                .path("posts.search_highlight");
        assertThat(highlights.get(0)).contains("<mark>chickpeas</mark>").doesNotContain("\u0002");
        assertThat(highlights.get(0).replace("<mark>", "").replace("</mark>", ""))
                .doesNotContain("<", ">");
    }

    @Test
    void searchWhenInflectedWordsThenHighlightMarksTheStemmedForms() {
        // roast and tomato are stems: the body's "Roasting" and "tomatoes'" are marked, whatever their spelling.
        api(demo)
                .get("/posts?search=roast+tomato&fields=slug,search_highlight")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup"))
                .body(
                        "posts[0].search_highlight",
                        containsString("<mark>Roasting</mark> concentrates the <mark>tomatoes</mark>&#39;"));
    }

    @Test
    void searchWhenMatchDeepInLongBodyThenSnippetAroundIt() throws Exception {
        Path folder = Files.createTempDirectory("long");
        TestBlogs.write(folder, "blog.yaml", "title: Long\nauthors:\n  - username: ana\n    name: Ana\n");
        TestBlogs.write(
                folder,
                "posts/long.md",
                "---\ntitle: Long read\nstatus: published\npublished_at: 2025-01-01T00:00:00Z\n"
                        + "authors: [ana]\n---\n" + "filler words here. ".repeat(800)
                        + "Finally the saffron arrives.\n");
        TestContent.Loaded longBlog = TestContent.load(admin, "search-long", folder);
        api(longBlog)
                .get("/posts?search=saffron")
                .then()
                .statusCode(200)
                .body("posts[0].search_highlight", containsString("<mark>saffron</mark>"));
    }

    @Test
    void searchWhenMoreMatchesThanBoundThenNewestRanked() throws Exception {
        Path folder = Files.createTempDirectory("many");
        TestBlogs.write(folder, "blog.yaml", "title: Many\nauthors:\n  - username: ana\n    name: Ana\n");
        for (int i = 1; i <= 7; i++) {
            TestBlogs.write(
                    folder,
                    "posts/p" + i + ".md",
                    "---\ntitle: Note " + i + (i == 1 ? " about lentils" : "")
                            + "\nstatus: published\npublished_at: 2025-01-0" + i
                            + "T00:00:00Z\nauthors: [ana]\n---\nLentils again.\n");
        }
        TestContent.Loaded many = TestContent.load(admin, "search-many", folder);
        // content.search.max-results is 5 in tests: the 5 newest matches, ranked; p1's title match is beyond them.
        api(many)
                .get("/posts?search=lentils&fields=slug")
                .then()
                .statusCode(200)
                .body("meta.pagination.total", equalTo(5))
                .body("posts.slug", org.hamcrest.Matchers.containsInAnyOrder("p7", "p6", "p5", "p4", "p3"));
    }

    @Test
    void searchWhenFieldsListedThenHighlightOnlyIfAsked() {
        api(demo)
                .get("/posts?search=tomato&fields=slug,search_highlight")
                .then()
                .statusCode(200)
                .body("posts[0].search_highlight", containsString("<mark>"))
                .body("posts[0]", not(hasKey("title")));
        api(demo)
                .get("/posts?search=tomato&fields=slug")
                .then()
                .statusCode(200)
                .body("posts[0]", not(hasKey("search_highlight")));
    }

    @Test
    void searchWhenOperatorsAndQuotesThenTreatedAsPlainWords() {
        for (String hostile :
                List.of("tomato' & !(:*", "|tomato", "tomato:*", "'tomato'", "(tomato)<->", "tomato\\", "tomato & !")) {
            api(demo)
                    .queryParam("search", hostile)
                    .queryParam("fields", "slug")
                    .get("/posts")
                    .then()
                    .statusCode(200)
                    .body("posts.slug[0]", equalTo("tomato-soup"));
        }
    }

    @Test
    void searchWhenNoWordsOrTooLongThen400() {
        for (String bad : List.of("", "  ", "!!! :* &", "x".repeat(201), "a b c d e f g h i j k")) {
            api(demo)
                    .queryParam("search", bad)
                    .get("/posts")
                    .then()
                    .statusCode(400)
                    .body("errors[0].code", equalTo("invalid_parameter"));
        }
    }

    @Test
    void searchWhenRelevanceOrHighlightWithoutSearchThen400() {
        api(demo).get("/posts?order=relevance").then().statusCode(400);
        api(demo).get("/posts?fields=search_highlight").then().statusCode(400);
        api(demo).get("/posts/tomato-soup?fields=search_highlight").then().statusCode(400);
    }

    @Test
    void searchWhenOrderGivenThenItReplacesRelevance() {
        api(demo)
                .queryParam("order", "title asc")
                .get("/posts?search=tomato&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "pantry-staples"));
        api(demo)
                .queryParam("order", "published_at asc")
                .get("/posts?search=tomato&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("pantry-staples", "tomato-soup"));
    }

    @Test
    void searchWhenPaginatedThenTotalsAndPages() {
        api(demo)
                .get("/posts?search=tomato&fields=slug&limit=1&page=2")
                .then()
                .statusCode(200)
                .body("posts.slug.size()", equalTo(1))
                .body("meta.pagination.pages", equalTo(2))
                .body("meta.pagination.prev", equalTo(1));
    }

    @Test
    void searchWhenPagePastTheEndThenTotalStillCounted() {
        // No row carries the count there: the count statement answers it.
        api(demo)
                .get("/posts?search=tomato&fields=slug&limit=1&page=3")
                .then()
                .statusCode(200)
                .body("posts.size()", equalTo(0))
                .body("meta.pagination.total", equalTo(2))
                .body("meta.pagination.prev", equalTo(2));
    }

    @Test
    void searchWhenPagesThenPagesSearched() {
        api(demo).get("/pages?search=write&fields=slug").then().statusCode(200).body("pages.slug", contains("contact"));
    }

    @Test
    void searchWhenSameWordsSpelledDifferentlyThenSameETag() {
        String a = api(demo)
                .get("/posts?search=Tomato++soup")
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        String b = api(demo)
                .get("/posts?search=tomato,soup")
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        String c = api(demo)
                .get("/posts?search=tomato")
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
    }

    @Test
    void searchWhenFrenchBlogThenFrenchStemming() {
        api(french)
                .get("/posts?search=soupe+hiver&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("hiver"));
        api(french)
                .get("/posts?search=légume+mijoté&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("hiver"));
    }
}
