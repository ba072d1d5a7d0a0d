package dev.pressroom.content.post;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PostResourceTest {

    private static TestContent.Loaded demo;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() {
        if (demo == null) {
            demo = TestContent.demo(admin, "posts-demo");
        }
    }

    private RequestSpecification api() {
        return given().header("Authorization", "Key " + demo.key()).basePath("/api/content/v1/blogs/" + demo.blog());
    }

    @Test
    void listWhenDefaultThenPublishedPublicPostsNewestFirst() {
        api().get("/posts")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "sourdough-basics", "knife-skills", "pantry-staples"))
                .body("meta.pagination.page", equalTo(1))
                .body("meta.pagination.limit", equalTo(15))
                .body("meta.pagination.pages", equalTo(1))
                .body("meta.pagination.total", equalTo(4))
                .body("meta.pagination.next", nullValue())
                .body("meta.pagination.prev", nullValue());
    }

    @Test
    void listWhenPostFieldsThenSpecShapeAndAbsoluteUrls() {
        api().get("/posts?limit=1")
                .then()
                .statusCode(200)
                .body("posts[0].id", notNullValue())
                .body("posts[0].type", equalTo("post"))
                .body("posts[0].url", equalTo("http://localhost:3000/tomato-soup/"))
                .body("posts[0].published_at", equalTo("2025-10-04T09:30:00.000Z"))
                .body("posts[0].updated_at", equalTo("2025-10-05T08:00:00.000Z"))
                .body("posts[0].html", containsString("card card-recipe"))
                .body("posts[0]", not(hasKey("markdown")))
                .body("posts[0].visibility", equalTo("public"))
                .body("posts[0].featured", equalTo(true))
                .body("posts[0].toc.id", hasItem("ingredients-and-method"))
                .body("posts[0].feature_image_sizes.thumbnail", containsString("?size=600"))
                .body("posts[0].feature_image_srcset", containsString("2000w"))
                .body("posts[0].rating.count", equalTo(3))
                .body("posts[0].made", equalTo(128))
                .body("posts[0].recipe.total_label", equalTo("45 min"))
                .body("posts[0].json_ld[1].'@type'", equalTo("Recipe"))
                .body("posts[0].json_ld[1].aggregateRating.ratingCount", equalTo(3))
                .body("posts[0].primary_tag.slug", equalTo("recipes"))
                .body("posts[0].primary_author.username", equalTo("ana"))
                .body("posts[0].tags.url", everyItem(startsWith("http://localhost:3000/tag/")));
    }

    @Test
    void listWhenNonRecipeThenRatingRecipeMadeNull() {
        api().get("/posts?tag=baking")
                .then()
                .statusCode(200)
                .body("posts[0].rating", nullValue())
                .body("posts[0].recipe", nullValue())
                .body("posts[0].made", nullValue())
                .body("posts[0].json_ld.'@type'", contains("BlogPosting"));
    }

    @Test
    void listWhenLastPageThenNextNullAndPrevSet() {
        api().get("/posts?limit=3&page=2")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("pantry-staples"))
                .body("meta.pagination.pages", equalTo(2))
                .body("meta.pagination.next", nullValue())
                .body("meta.pagination.prev", equalTo(1));
    }

    @Test
    void listWhenFirstOfSeveralPagesThenNextSet() {
        api().get("/posts?limit=3")
                .then()
                .statusCode(200)
                .body("meta.pagination.next", equalTo(2))
                .body("meta.pagination.prev", nullValue());
    }

    @Test
    void listWhenPageBeyondLastThenEmptyWithMeta() {
        api().get("/posts?limit=3&page=9")
                .then()
                .statusCode(200)
                .body("posts", org.hamcrest.Matchers.empty())
                .body("meta.pagination.total", equalTo(4))
                .body("meta.pagination.next", nullValue())
                .body("meta.pagination.prev", equalTo(2));
    }

    @Test
    void listWhenLimitAllThenHundred() {
        api().get("/posts?limit=all").then().statusCode(200).body("meta.pagination.limit", equalTo(100));
    }

    @Test
    void listWhenOrderPublishedAscThenOldestFirst() {
        api().get("/posts?order=published_at asc&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("pantry-staples", "knife-skills", "sourdough-basics", "tomato-soup"));
    }

    @Test
    void listWhenOrderPublishedAscSecondPageThenContinuesOldestFirst() {
        api().get("/posts?order=published_at asc&limit=3&page=2&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup"))
                .body("meta.pagination.total", equalTo(4));
        api().get("/posts?order=published_at asc&limit=2&page=2&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("sourdough-basics", "tomato-soup"));
    }

    @Test
    void listWhenDeepDefaultPageThenRanksContinue() {
        api().get("/posts?limit=1&page=3&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("knife-skills"))
                .body("meta.pagination.pages", equalTo(4));
    }

    @Test
    void listWhenOrderTitleAscThenAlphabetical() {
        api().get("/posts?order=title asc&fields=title")
                .then()
                .statusCode(200)
                .body(
                        "posts.title",
                        contains(
                                "Roasted tomato soup",
                                "Sourdough basics",
                                "Ten pantry staples",
                                "Three knife cuts worth learning"));
    }

    @Test
    void listWhenOrderUpdatedDescThenMostRecentlyUpdatedFirst() {
        api().get("/posts?order=updated_at desc&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "sourdough-basics", "knife-skills", "pantry-staples"));
    }

    @Test
    void listWhenTagFilterThenOnlyThatTagWithTotal() {
        api().get("/posts?tag=techniques&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("sourdough-basics", "knife-skills", "pantry-staples"))
                .body("meta.pagination.total", equalTo(3));
    }

    @Test
    void listWhenTagFilterAscendingThenOldestFirst() {
        api().get("/posts?tag=techniques&order=published_at asc&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("pantry-staples", "knife-skills", "sourdough-basics"));
    }

    @Test
    void listWhenAuthorFilterThenCoAuthoredPostsToo() {
        api().get("/posts?author=ben&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "sourdough-basics"));
    }

    @Test
    void listWhenFeaturedThenOnlyFeatured() {
        api().get("/posts?featured=true&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "pantry-staples"))
                .body("meta.pagination.total", equalTo(2));
        api().get("/posts?featured=false&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("sourdough-basics", "knife-skills"));
    }

    @Test
    void listWhenCombinedFiltersThenAllApply() {
        api().get("/posts?tag=recipes&author=ana&featured=true&order=title asc&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "pantry-staples"))
                .body("meta.pagination.total", equalTo(2));
    }

    @Test
    void listWhenUnknownTagThenEmpty() {
        api().get("/posts?tag=nothing-here")
                .then()
                .statusCode(200)
                .body("posts", org.hamcrest.Matchers.empty())
                .body("meta.pagination.total", equalTo(0))
                .body("meta.pagination.pages", equalTo(1));
    }

    @Test
    void listWhenFieldsThenOnlyThose() {
        api().get("/posts?fields=title,url&limit=1")
                .then()
                .statusCode(200)
                .body("posts[0].keySet()", org.hamcrest.Matchers.containsInAnyOrder("title", "url"));
    }

    @Test
    void listWhenFormatsMarkdownThenMarkdownInsteadOfHtml() {
        api().get("/posts?formats=markdown&limit=1")
                .then()
                .statusCode(200)
                .body("posts[0].markdown", containsString(":::recipe"))
                .body("posts[0]", not(hasKey("html")));
    }

    @Test
    void listWhenFormatsBothThenBoth() {
        api().get("/posts?formats=both&limit=1&fields=html,markdown")
                .then()
                .statusCode(200)
                .body("posts[0].html", containsString("<h2 id=\"ingredients-and-method\">"))
                .body("posts[0].markdown", startsWith("Roasting"));
    }

    @Test
    void listWhenIncludeTagsAuthorsThenFullObjects() {
        api().get("/posts?include=tags,authors&limit=1")
                .then()
                .statusCode(200)
                .body("posts[0].tags[0].description", equalTo("Things to cook tonight."))
                .body("posts[0].tags[0].count.posts", equalTo(2))
                .body("posts[0].authors.username", contains("ana", "ben"))
                .body("posts[0].authors[0].links[0].url", equalTo("https://ana.example.com/"))
                .body("posts[0].authors[0].count.posts", equalTo(3));
    }

    @Test
    void listWhenIncludeTagsOnlyThenFullTagsInOrderAndNoAuthors() {
        api().get("/posts?include=tags&limit=all&fields=slug,tags")
                .then()
                .statusCode(200)
                .body("posts.find { it.slug == 'tomato-soup' }.tags.slug", contains("recipes", "soups"))
                .body("posts.find { it.slug == 'tomato-soup' }.tags[1].description", equalTo("Bowls of comfort."))
                .body("posts[0]", not(hasKey("authors")));
    }

    @Test
    void listWhenIncludeAuthorsOnlyThenShortTagsAndFullAuthorsInOrder() {
        api().get("/posts?include=authors&limit=all&fields=slug,tags,authors")
                .then()
                .statusCode(200)
                .body("posts.find { it.slug == 'tomato-soup' }.authors.username", contains("ana", "ben"))
                .body("posts.find { it.slug == 'tomato-soup' }.authors[1].count.posts", equalTo(2))
                .body(
                        "posts.find { it.slug == 'tomato-soup' }.tags[0].keySet()",
                        org.hamcrest.Matchers.containsInAnyOrder("slug", "name", "url"));
    }

    @Test
    void listWhenNoIncludeThenShortTagsAndNoAuthors() {
        api().get("/posts?limit=1")
                .then()
                .statusCode(200)
                .body("posts[0].tags[0].keySet()", org.hamcrest.Matchers.containsInAnyOrder("slug", "name", "url"))
                .body("posts[0]", not(hasKey("authors")));
    }

    @Test
    void listWhenUnlistedDraftScheduledThenNeverListed() {
        api().get("/posts?limit=all&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", not(hasItem("staff-meal")))
                .body("posts.slug", not(hasItem("winter-menu")))
                .body("posts.slug", not(hasItem("spring-menu")));
    }

    @Test
    void oneWhenSlugThenPostWithTagsAndAuthors() {
        api().get("/posts/tomato-soup")
                .then()
                .statusCode(200)
                .body("posts", org.hamcrest.Matchers.hasSize(1))
                .body("posts[0].authors.username", contains("ana", "ben"))
                .body("posts[0].tags.slug", contains("recipes", "soups"))
                .body("posts[0].tags[0].count.posts", equalTo(2))
                .body("posts[0]", not(hasKey("meta")));
    }

    @Test
    void oneWhenIdThenSamePost() {
        String id = api().get("/posts/tomato-soup?fields=id")
                .then()
                .statusCode(200)
                .extract()
                .path("posts[0].id");
        api().get("/posts/" + id + "?fields=slug").then().statusCode(200).body("posts[0].slug", equalTo("tomato-soup"));
    }

    @Test
    void oneWhenUnlistedBySlugThenAnswers() {
        api().get("/posts/staff-meal?fields=slug,visibility")
                .then()
                .statusCode(200)
                .body("posts[0].visibility", equalTo("unlisted"));
    }

    @Test
    void oneWhenUnlistedByIdThenNotFound() {
        String id = api().get("/posts/staff-meal?fields=id").then().extract().path("posts[0].id");
        api().get("/posts/" + id).then().statusCode(404).body("errors[0].code", equalTo("not_found"));
    }

    @Test
    void oneWhenDraftOrScheduledThenNotFound() {
        api().get("/posts/winter-menu").then().statusCode(404).body("errors[0].type", equalTo("NotFoundError"));
        api().get("/posts/spring-menu").then().statusCode(404).body("errors[0].code", equalTo("not_found"));
    }

    @Test
    void oneWhenPageSlugOnPostsThenNotFound() {
        api().get("/posts/about").then().statusCode(404);
    }

    @Test
    void pagesWhenListedThenPagesKeyAndPageType() {
        api().get("/pages?fields=slug,type,url")
                .then()
                .statusCode(200)
                .body("pages.slug", contains("contact", "about"))
                .body("pages.type", everyItem(equalTo("page")))
                .body("pages[1].url", equalTo("http://localhost:3000/about/"))
                .body("meta.pagination.total", equalTo(2));
    }

    @Test
    void pagesWhenOneThenPagesKey() {
        api().get("/pages/about")
                .then()
                .statusCode(200)
                .body("pages[0].title", equalTo("About"))
                .body("pages[0].rating", nullValue());
        api().get("/pages/tomato-soup").then().statusCode(404);
    }

    @Test
    void pagesWhenParametersThenSameRulesAsPosts() {
        api().get("/pages?limit=1&page=2&order=title asc&fields=title")
                .then()
                .statusCode(200)
                .body("pages.title", contains("Contact"))
                .body("meta.pagination.prev", equalTo(1));
        api().get("/pages?limit=0").then().statusCode(400);
    }
}
