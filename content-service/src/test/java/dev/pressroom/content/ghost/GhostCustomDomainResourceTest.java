package dev.pressroom.content.ghost;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Ghost's base URL on a blog's custom domain answers as the path form does, for that blog only. */
@QuarkusTest
class GhostCustomDomainResourceTest {

    private static final String DOMAIN = "ghost-kitchen.example.com";
    private static TestContent.Loaded blog;
    private static TestContent.Loaded other;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (blog == null) {
            Path folder = TestBlogs.demoCopy(Files.createTempDirectory("ghost-domain"));
            TestBlogs.write(
                    folder,
                    "blog.yaml",
                    "custom_domain: " + DOMAIN + "\n" + Files.readString(folder.resolve("blog.yaml")));
            blog = TestContent.load(admin, "ghost-domain", folder);
            other = TestContent.demo(admin, "ghost-domain-other");
        }
    }

    private String pathForm(String resource) {
        return given().queryParam("key", blog.key())
                .get("/api/content/v1/blogs/ghost-domain/ghost/api/content/" + resource)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    @Test
    void getWhenCustomDomainThenTheSameAnswerAsThePathForm() {
        given().header("Host", DOMAIN)
                .queryParam("key", blog.key())
                .get("/ghost/api/content/posts/")
                .then()
                .statusCode(200)
                .body(equalTo(pathForm("posts/")));
        given().header("Host", DOMAIN.toUpperCase(java.util.Locale.ROOT) + ":443")
                .queryParam("key", blog.key())
                .queryParam("limit", 2)
                .queryParam("fields", "slug,title")
                .get("/ghost/api/content/posts/")
                .then()
                .statusCode(200)
                .body(equalTo(given().queryParam("key", blog.key())
                        .queryParam("limit", 2)
                        .queryParam("fields", "slug,title")
                        .get("/api/content/v1/blogs/ghost-domain/ghost/api/content/posts/")
                        .asString()));
        given().header("Host", DOMAIN)
                .queryParam("key", blog.key())
                .get("/ghost/api/content/settings/")
                .then()
                .statusCode(200)
                .body(equalTo(pathForm("settings/")));
    }

    @Test
    void getWhenKeyOfAnotherBlogOrDomainOfNoBlogThenRefused() {
        given().header("Host", DOMAIN)
                .queryParam("key", other.key())
                .get("/ghost/api/content/posts/")
                .then()
                .statusCode(401);
        given().header("Host", "nobody.example.com")
                .queryParam("key", blog.key())
                .get("/ghost/api/content/posts/")
                .then()
                .statusCode(404);
        given().header("Host", "127.0.0.1")
                .queryParam("key", blog.key())
                .get("/ghost/api/content/posts/")
                .then()
                .statusCode(404);
    }
}
