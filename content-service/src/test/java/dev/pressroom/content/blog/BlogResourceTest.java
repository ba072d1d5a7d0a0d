package dev.pressroom.content.blog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** :blog by name and by id; custom domains; tags, authors and settings. */
@QuarkusTest
class BlogResourceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static TestContent.Loaded blog;
    private static TestContent.Loaded custom;
    private static TestContent.Loaded empty;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (blog == null) {
            blog = TestContent.demo(admin, "blog-demo");
            Path folder = TestBlogs.demoCopy(Files.createTempDirectory("custom"));
            TestBlogs.write(
                    folder,
                    "blog.yaml",
                    "custom_domain: food.example.com\n" + Files.readString(folder.resolve("blog.yaml")));
            custom = TestContent.load(admin, "blog-custom", folder);
            Path none = Files.createTempDirectory("empty");
            TestBlogs.write(none, "blog.yaml", "title: Empty\n");
            empty = TestContent.load(admin, "blog-empty", none);
        }
    }

    @Test
    void getWhenBlogByIdThenSameAsByName() {
        String byName = given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo/posts?fields=slug")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/" + blog.blogId() + "/posts?fields=slug")
                .then()
                .statusCode(200)
                .body(equalTo(byName));
    }

    @Test
    void getWhenCustomDomainThenEveryUrlUsesIt() {
        given().header("Authorization", "Key " + custom.key())
                .get("/api/content/v1/blogs/blog-custom/posts?include=tags,authors")
                .then()
                .statusCode(200)
                .body("posts.url", everyItem(startsWith("https://food.example.com/")))
                .body("posts[0].feature_image", startsWith("https://food.example.com/"))
                .body("posts[0].tags.url", everyItem(startsWith("https://food.example.com/tag/")))
                .body("posts[0].authors.url", everyItem(startsWith("https://food.example.com/author/")))
                .body("posts[0].html", not(containsString("localhost")));
        given().header("Authorization", "Key " + custom.key())
                .get("/api/content/v1/blogs/blog-custom/settings")
                .then()
                .statusCode(200)
                .body("settings.url", equalTo("https://food.example.com/"))
                .body("settings.rss_url", equalTo("https://api.example.test/api/content/v1/blogs/blog-custom/rss/"))
                .body("settings.atom_url", equalTo("https://api.example.test/api/content/v1/blogs/blog-custom/atom/"));
    }

    @Test
    void tagsWhenListedThenOnlyUsedMostUsedFirst() {
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo/tags")
                .then()
                .statusCode(200)
                .body("tags.slug", contains("techniques", "recipes", "baking", "soups"))
                .body("tags[0].count.posts", equalTo(3))
                .body("tags[0].url", equalTo("http://localhost:3000/tag/techniques/"));
    }

    @Test
    void tagsWhenOneThenTagShape() {
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo/tags/soups")
                .then()
                .statusCode(200)
                .body("tags[0].name", equalTo("Soups"))
                .body("tags[0].description", equalTo("Bowls of comfort."))
                .body("tags[0].count.posts", equalTo(1));
    }

    @Test
    void authorsWhenListedThenTeamInOrder() {
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo/authors")
                .then()
                .statusCode(200)
                .body("authors.username", contains("ana", "ben"))
                .body("authors[0].role", equalTo("Editor"))
                .body("authors[0].profile_image", equalTo("http://localhost:3000/content/images/ana.jpg"))
                .body("authors[1].count.posts", equalTo(2));
    }

    @Test
    void authorsWhenOneNotOnTeamButPublishedThenAnswers() {
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo/authors/cleo")
                .then()
                .statusCode(200)
                .body("authors[0].name", equalTo("Cleo Martin"))
                .body("authors[0].count.posts", equalTo(1));
    }

    /** /tags and /authors are written from entities, a post's includes from rows: one shape, field order included. */
    @Test
    void tagsAndAuthorsWhenListedThenSameObjectsAsPostIncludes() throws Exception {
        Map<String, String> included = new HashMap<>();
        for (JsonNode post : read("/posts?include=tags,authors&limit=all").path("posts")) {
            post.path("tags").forEach(t -> included.put("tag " + t.path("slug").asText(), t.toString()));
            post.path("authors")
                    .forEach(a -> included.put("author " + a.path("username").asText(), a.toString()));
        }
        JsonNode tags = read("/tags").path("tags");
        JsonNode authors = read("/authors/cleo").path("authors");
        assertThat(tags).hasSize(4);
        tags.forEach(t -> assertThat(t.toString())
                .isEqualTo(included.get("tag " + t.path("slug").asText())));
        read("/authors")
                .path("authors")
                .forEach(a -> assertThat(a.toString())
                        .isEqualTo(included.get("author " + a.path("username").asText())));
        assertThat(authors.get(0).toString()).isEqualTo(included.get("author cleo"));
        assertThat(authors.get(0).fieldNames())
                .toIterable()
                .containsExactly("id", "username", "name", "bio", "profile_image", "url", "links", "role", "count");
        assertThat(tags.get(0).fieldNames())
                .toIterable()
                .containsExactly("id", "slug", "name", "description", "url", "count");
    }

    private static JsonNode read(String path) throws Exception {
        return JSON.readTree(given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo" + path)
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    @Test
    void settingsWhenReadThenEveryField() {
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/blog-demo/settings")
                .then()
                .statusCode(200)
                .body("settings.title", equalTo("Pressroom Kitchen"))
                .body("settings.lang", equalTo("en"))
                .body("settings.accent_color", equalTo("#e4572e"))
                .body("settings.logo", equalTo("http://localhost:3000/content/images/logo.png"))
                .body("settings.navigation.label", contains("Home", "Recipes", "About"))
                .body("settings.secondary_navigation[0].url", equalTo("http://localhost:3000/rss/"))
                .body("settings.posts_per_page", equalTo(10))
                .body("settings.meta_description", startsWith("Recipes"));
    }

    @Test
    void listWhenEmptyBlogThenNoPostsOnePage() {
        given().header("Authorization", "Key " + empty.key())
                .get("/api/content/v1/blogs/blog-empty/posts")
                .then()
                .statusCode(200)
                .body("posts", org.hamcrest.Matchers.empty())
                .body("meta.pagination.total", equalTo(0))
                .body("meta.pagination.pages", equalTo(1))
                .body("meta.pagination.next", org.hamcrest.Matchers.nullValue());
        given().header("Authorization", "Key " + empty.key())
                .get("/api/content/v1/blogs/blog-empty/tags")
                .then()
                .statusCode(200)
                .body("tags", org.hamcrest.Matchers.empty());
    }
}
