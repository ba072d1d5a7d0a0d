package dev.pressroom.content.ghost;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class GhostResourceTest {

    private static TestContent.Loaded demo;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() {
        if (demo == null) {
            demo = TestContent.demo(admin, "ghost-demo");
        }
    }

    /** As Ghost's client calls: the key as a query parameter, a trailing slash, Accept-Version. */
    private RequestSpecification ghost() {
        return given().queryParam("key", demo.key())
                .header("Accept-Version", "v6.0")
                .basePath("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content");
    }

    private RequestSpecification ours() {
        return given().queryParam("key", demo.key()).basePath("/api/content/v1/blogs/" + demo.blog());
    }

    @Test
    void browsePostsWhenDefaultThenGhostFieldsAndPagination() {
        ghost().get("/posts/")
                .then()
                .statusCode(200)
                .header("Content-Version", "v6.0")
                .body("posts.slug", contains("tomato-soup", "sourdough-basics", "knife-skills", "pantry-staples"))
                .body(
                        "posts[0].uuid",
                        equalTo(GhostShape.uuidOf(
                                ours().get("/posts/tomato-soup").path("posts[0].id"))))
                .body("posts[0].html", containsString("card card-recipe"))
                .body("posts[0].created_at", equalTo("2025-10-04T09:30:00.000Z"))
                .body("posts[0].access", equalTo(true))
                .body("posts[0].comments", equalTo(false))
                .body("posts[0]", hasKey("codeinjection_head"))
                .body("posts[0]", hasKey("feature_image_caption"))
                .body("posts[0]", not(hasKey("tags")))
                .body("posts[0]", not(hasKey("primary_tag")))
                .body("posts[0]", not(hasKey("word_count")))
                .body("posts[0]", not(hasKey("type")))
                .body("meta.pagination.page", equalTo(1))
                .body("meta.pagination.limit", equalTo(15))
                .body("meta.pagination.total", equalTo(4))
                .body("meta.pagination.next", nullValue());
    }

    @Test
    void browsePostsWhenIncludeThenFullTagsAuthorsAndPrimaries() {
        ghost().queryParam("include", "tags,authors")
                .get("/posts/")
                .then()
                .statusCode(200)
                .body("posts[0].tags.slug", contains("recipes", "soups"))
                .body("posts[0].tags[0].id", notNullValue())
                .body("posts[0].tags[0].visibility", equalTo("public"))
                .body("posts[0].tags[0]", not(hasKey("count")))
                .body("posts[0].primary_tag.slug", equalTo("recipes"))
                .body("posts[0].authors.slug", contains("ana", "ben"))
                .body("posts[0].primary_author.slug", equalTo("ana"))
                .body("posts[0].primary_author.website", equalTo("https://ana.example.com/"))
                .body("posts[0].authors[0]", not(hasKey("username")));
    }

    @Test
    void browsePostsWhenFieldsFormatsLimitPageOrderThenAsGhost() {
        ghost().queryParam("fields", "title,slug,created_at")
                .queryParam("limit", "2")
                .queryParam("page", "2")
                .queryParam("order", "published_at ASC")
                .get("/posts/")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("sourdough-basics", "tomato-soup"))
                .body("posts[0].keySet()", contains("title", "slug", "created_at"))
                .body("meta.pagination.prev", equalTo(1));
        ghost().queryParam("formats", "plaintext")
                .get("/posts/")
                .then()
                .statusCode(200)
                .body("posts[0]", not(hasKey("html")));
        ghost().queryParam("limit", "all")
                .get("/posts/")
                .then()
                .statusCode(200)
                .body("meta.pagination.limit", equalTo(100));
    }

    @Test
    void browsePostsWhenNqlFilterThenFilteredAsOurs() {
        ghost().queryParam("filter", "tag:techniques+featured:false")
                .get("/posts/")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("sourdough-basics", "knife-skills"));
        ghost().queryParam("filter", "primary_author:ben,published_at:<'2025-01-01'")
                .get("/pages/")
                .then()
                .statusCode(200);
    }

    @Test
    void readWhenSlugOrIdThenOnePostWithoutMeta() {
        String id = ours().get("/posts/knife-skills").path("posts[0].id");
        ghost().get("/posts/slug/knife-skills/")
                .then()
                .statusCode(200)
                .body("posts", hasSize(1))
                .body("posts[0].id", equalTo(id))
                .body("posts[0]", not(hasKey("tags")))
                .body("$", not(hasKey("meta")));
        ghost().queryParam("include", "authors")
                .get("/posts/" + id + "/")
                .then()
                .statusCode(200)
                .body("posts[0].slug", equalTo("knife-skills"))
                .body("posts[0].primary_author.slug", equalTo("ana"));
        ghost().get("/pages/slug/about/").then().statusCode(200).body("pages[0].slug", equalTo("about"));
    }

    @Test
    void readWhenUnknownSlugThenGhostNotFoundError() {
        ghost().get("/posts/slug/nope/")
                .then()
                .statusCode(404)
                .header("Content-Version", "v6.0")
                .body("errors[0].type", equalTo("NotFoundError"))
                .body("errors[0].message", notNullValue())
                .body("errors[0].id", notNullValue())
                .body("errors[0]", hasKey("context"))
                .body("errors[0]", hasKey("help"))
                .body("errors[0]", hasKey("ghostErrorCode"));
        ghost().get("/offers/abc/").then().statusCode(404).body("errors[0].type", equalTo("NotFoundError"));
        // Members are not served by Ghost's Content API either: an unknown resource is Ghost's 404.
        ghost().get("/members/")
                .then()
                .statusCode(404)
                .body("errors[0].type", equalTo("NotFoundError"))
                .body("errors[0]", hasKey("ghostErrorCode"));
    }

    @Test
    void browseWhenBadParametersThenGhostBadRequestError() {
        ghost().queryParam("filter", "tag:")
                .get("/posts/")
                .then()
                .statusCode(400)
                .body("errors[0].type", equalTo("BadRequestError"))
                .body("errors[0].code", equalTo("invalid_filter"));
        for (List<String> bad : List.of(
                List.of("fields", "nope"),
                List.of("include", "members"),
                List.of("formats", "pdf"),
                List.of("order", "random"),
                List.of("page", "0"))) {
            ghost().queryParam(bad.get(0), bad.get(1))
                    .get("/posts/")
                    .then()
                    .statusCode(400)
                    .body("errors[0].code", equalTo("invalid_parameter"));
        }
        ghost().queryParam("order", "name asc").get("/tags/").then().statusCode(400);
        ghost().queryParam("filter", "slug:soups").get("/tags/").then().statusCode(400);
    }

    @Test
    void anyRouteWhenKeyMissingOrWrongThenGhostUnauthorizedError() {
        given().get("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/posts/")
                .then()
                .statusCode(401)
                .body("errors[0].type", equalTo("UnauthorizedError"))
                .body("errors[0].code", equalTo("missing_key"))
                .body("errors[0]", hasKey("details"));
        given().queryParam("key", "0123456789abcdef0123456789")
                .get("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/settings/")
                .then()
                .statusCode(401)
                .body("errors[0].code", equalTo("invalid_key"));
    }

    @Test
    void preflightWhenGhostClientInBrowserThenAcceptVersionAllowed() {
        // Browsers preflight the client's Accept-Version header; refusing it would break every client-side front end.
        given().header("Origin", "https://food.example.com")
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "accept-version")
                .options("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/posts/")
                .then()
                .statusCode(204)
                .header("Access-Control-Allow-Headers", containsString("Accept-Version"));
    }

    @Test
    void anyAnswerWhenNoAcceptVersionThenNoContentVersion() {
        given().queryParam("key", demo.key())
                .get("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/tags/")
                .then()
                .statusCode(200)
                .header("Content-Version", nullValue());
    }

    @Test
    void browseTagsWhenPagedThenGhostPaginationAndCounts() {
        ghost().queryParam("limit", "2")
                .queryParam("include", "count.posts")
                .get("/tags/")
                .then()
                .statusCode(200)
                .body("tags.slug", contains("techniques", "recipes"))
                .body("tags[0].count.posts", equalTo(3))
                .body("tags[1].description", equalTo("Things to cook tonight."))
                .body("meta.pagination.pages", equalTo(2))
                .body("meta.pagination.total", equalTo(4))
                .body("meta.pagination.next", equalTo(2));
        ghost().queryParam("limit", "all")
                .queryParam("filter", "visibility:public")
                .get("/tags/")
                .then()
                .statusCode(200)
                .body("tags", hasSize(4))
                .body("tags", everyItem(not(hasKey("count"))))
                .body("meta.pagination.limit", equalTo(100));
    }

    /** Ghost 6: limit=all and limits above 100 are pages of 100 on every browse, never an error; ours keep theirs. */
    @Test
    void browseWhenLimitAllOrAbove100ThenPagesOf100AsGhost6() {
        for (String resource : List.of("/posts/", "/pages/", "/tags/", "/authors/", "/tiers/", "/newsletters/")) {
            for (String limit : List.of("all", "101", "5000")) {
                ghost().queryParam("limit", limit)
                        .get(resource)
                        .then()
                        .statusCode(200)
                        .header("Content-Version", "v6.0")
                        .body("meta.pagination.limit", equalTo(100))
                        .body("meta.pagination.page", equalTo(1));
            }
        }
        ghost().queryParam("limit", "3")
                .queryParam("page", "2")
                .get("/tags/")
                .then()
                .body("tags", hasSize(1))
                .body("meta.pagination.pages", equalTo(2));
        // A malformed limit stays an error (Ghost 6 would answer 100), in Ghost's error shape.
        ghost().queryParam("limit", "ten")
                .get("/tags/")
                .then()
                .statusCode(400)
                .body("errors[0].type", equalTo("BadRequestError"));
        // Our own routes keep the spec's rules: all means 100, above 100 is a 400.
        ours().queryParam("limit", "all")
                .get("/posts")
                .then()
                .statusCode(200)
                .body("meta.pagination.limit", equalTo(100));
        ours().queryParam("limit", "101").get("/posts").then().statusCode(400);
    }

    /** Ghost answers every Accept-Version with its own rules and names them; so does this Ghost 6 API. */
    @Test
    void browseWhenAcceptVersionV5ThenGhost6AnswerNamedV6() {
        given().queryParam("key", demo.key())
                .header("Accept-Version", "v5.0")
                .queryParam("limit", "all")
                .get("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/tags/")
                .then()
                .statusCode(200)
                .header("Content-Version", "v6.0")
                .body("meta.pagination.limit", equalTo(100));
    }

    @Test
    void readTagWhenSlugOrIdThenOneTag() {
        String id = ghost().get("/tags/slug/soups/")
                .then()
                .statusCode(200)
                .extract()
                .path("tags[0].id");
        ghost().get("/tags/" + id + "/").then().statusCode(200).body("tags[0].slug", equalTo("soups"));
        ghost().get("/tags/slug/unused/").then().statusCode(404).body("errors[0].type", equalTo("NotFoundError"));
        ghost().get("/tags/ffffffffffffffffffffffff/").then().statusCode(404);
    }

    @Test
    void authorsWhenBrowsedOrReadThenGhostAuthors() {
        ghost().queryParam("include", "count.posts")
                .get("/authors/")
                .then()
                .statusCode(200)
                .body("authors.slug", contains("ana", "ben"))
                .body("authors[0].count.posts", notNullValue())
                .body("authors[1].website", nullValue())
                .body("meta.pagination.total", equalTo(2));
        String id = ghost().get("/authors/slug/cleo/")
                .then()
                .statusCode(200)
                .extract()
                .path("authors[0].id");
        ghost().get("/authors/" + ghost().get("/authors/slug/ana/").path("authors[0].id") + "/")
                .then()
                .statusCode(200)
                .body("authors[0].name", equalTo("Ana Ribeiro"));
        // Off the team page, so not in the list that ids are read from.
        ghost().get("/authors/" + id + "/").then().statusCode(404);
    }

    @Test
    void settingsWhenReadThenGhostSettingsOfASiteWithoutMembers() {
        ghost().get("/settings/")
                .then()
                .statusCode(200)
                .body("settings.title", equalTo("Pressroom Kitchen"))
                .body("settings.accent_color", equalTo("#e4572e"))
                .body("settings.navigation[1].url", equalTo("http://localhost:3000/tag/recipes/"))
                .body("settings.members_enabled", equalTo(false))
                .body("settings.members_signup_access", equalTo("none"))
                .body("settings.paid_members_enabled", equalTo(false))
                .body("settings.comments_enabled", equalTo("off"))
                .body("settings.locale", equalTo("en"))
                .body("meta.size()", equalTo(0));
    }

    @Test
    void tiersAndNewslettersWhenBrowsedThenNone() {
        for (String kind : List.of("tiers", "newsletters")) {
            ghost().get("/" + kind + "/")
                    .then()
                    .statusCode(200)
                    .body(kind, hasSize(0))
                    .body("meta.pagination.total", equalTo(0))
                    .body("meta.pagination.pages", equalTo(1));
        }
    }

    @Test
    void browseWhenIfNoneMatchThen304AndGhostEtagDiffersFromOurs() {
        String etag = ghost().get("/posts/").then().statusCode(200).extract().header("ETag");
        ghost().header("If-None-Match", etag).get("/posts/").then().statusCode(304);
        ours().get("/posts").then().statusCode(200).header("ETag", not(equalTo(etag)));
    }
}
