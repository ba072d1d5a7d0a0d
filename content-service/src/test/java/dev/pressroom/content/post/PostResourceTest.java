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
        api().get("/posts").then().statusCode(200)
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
        api().get("/posts?limit=1").then().statusCode(200)
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
        api().get("/posts?tag=baking").then().statusCode(200)
                .body("posts[0].rating", nullValue())
                .body("posts[0].recipe", nullValue())
                .body("posts[0].made", nullValue())
                .body("posts[0].json_ld.'@type'", contains("BlogPosting"));
    }
}
