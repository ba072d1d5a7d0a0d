package dev.pressroom.content.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@QuarkusTest
class ErrorsResourceTest {

    private static TestContent.Loaded blog;
    private static TestContent.Loaded other;
    private static TestContent.Loaded secret;
    private static String revoked;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (blog == null) {
            blog = TestContent.demo(admin, "errors-demo");
            other = TestContent.demo(admin, "errors-other");
            Path privateBlog = TestBlogs.demoCopy(Files.createTempDirectory("private"));
            TestBlogs.write(
                    privateBlog, "blog.yaml", "private: true\n" + Files.readString(privateBlog.resolve("blog.yaml")));
            secret = TestContent.load(admin, "errors-private", privateBlog);
            revoked = admin.createKey("errors-demo", "old", List.of()).key();
            admin.revokeKeys("errors-demo", "old");
        }
    }

    private static String base(String name) {
        return "/api/content/v1/blogs/" + name;
    }

    @Test
    void getWhenNoKeyThenMissingKey() {
        given().get(base(blog.blog()) + "/posts")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("Key"))
                .header("Cache-Control", "no-store")
                .body("errors[0].type", equalTo("UnauthorizedError"))
                .body("errors[0].code", equalTo("missing_key"));
    }

    @Test
    void getWhenUnknownKeyThenInvalidKey() {
        given().queryParam("key", "prc_nope")
                .get(base(blog.blog()) + "/posts")
                .then()
                .statusCode(401)
                .body("errors[0].code", equalTo("invalid_key"));
    }

    @Test
    void getWhenRevokedKeyThenInvalidKey() {
        given().header("Authorization", "Key " + revoked)
                .get(base(blog.blog()) + "/settings")
                .then()
                .statusCode(401)
                .body("errors[0].code", equalTo("invalid_key"));
    }

    @Test
    void getWhenOtherBlogsKeyThenInvalidKey() {
        given().header("Authorization", "Key " + other.key())
                .get(base(blog.blog()) + "/posts")
                .then()
                .statusCode(401)
                .body("errors[0].code", equalTo("invalid_key"));
    }

    @Test
    void getWhenAuthorizationNotKeySchemeThenInvalidKey() {
        given().header("Authorization", "Bearer " + blog.key())
                .get(base(blog.blog()) + "/posts")
                .then()
                .statusCode(401)
                .body("errors[0].code", equalTo("invalid_key"));
    }

    @Test
    void getWhenKeyInQueryThenAccepted() {
        given().queryParam("key", blog.key())
                .get(base(blog.blog()) + "/settings")
                .then()
                .statusCode(200);
    }

    @Test
    void getWhenUnknownBlogThenNotFound() {
        given().header("Authorization", "Key " + blog.key())
                .get(base("no-such-blog") + "/posts")
                .then()
                .statusCode(404)
                .body("errors[0].code", equalTo("not_found"));
    }

    @Test
    void getWhenPrivateBlogThenNotFoundEvenWithItsKey() {
        given().header("Authorization", "Key " + secret.key())
                .get(base(secret.blog()) + "/posts")
                .then()
                .statusCode(404)
                .body("errors[0].code", equalTo("not_found"));
        given().header("Authorization", "Key " + secret.key())
                .get(base(secret.blog()) + "/settings")
                .then()
                .statusCode(404);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "limit=0",
                "limit=101",
                "page=0",
                "order=bogus",
                "fields=nope",
                "formats=pdf",
                "featured=maybe",
                "include=comments",
                "limit=1&limit=2"
            })
    void listWhenMalformedParameterThenBadRequest(String query) {
        given().header("Authorization", "Key " + blog.key())
                .get(base(blog.blog()) + "/posts?" + query)
                .then()
                .statusCode(400)
                .body("errors[0].type", equalTo("BadRequestError"))
                .body("errors[0].code", equalTo("invalid_parameter"));
    }

    @Test
    void postWhenAnyEndpointThenMethodNotAllowedWithAllow() {
        given().header("Authorization", "Key " + blog.key())
                .post(base(blog.blog()) + "/posts")
                .then()
                .statusCode(405)
                .header("Allow", "GET, OPTIONS")
                .body("errors[0].code", equalTo("method_not_allowed"));
        given().header("Authorization", "Key " + blog.key())
                .delete(base(blog.blog()) + "/settings")
                .then()
                .statusCode(405);
    }

    @Test
    void getWhenUnknownPathThenNotFoundEnvelope() {
        given().header("Authorization", "Key " + blog.key())
                .get(base(blog.blog()) + "/comments")
                .then()
                .statusCode(404)
                .body("errors[0].code", equalTo("not_found"));
    }

    @Test
    void getWhenUnknownTagOrAuthorThenNotFound() {
        given().header("Authorization", "Key " + blog.key())
                .get(base(blog.blog()) + "/tags/unused")
                .then()
                .statusCode(404);
        given().header("Authorization", "Key " + blog.key())
                .get(base(blog.blog()) + "/authors/nobody")
                .then()
                .statusCode(404);
    }

    /** PostgreSQL text cannot hold NUL: an identifier with one names nothing, a query value with one is malformed. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/%00/posts",
                "/{blog}%00/posts",
                "/{blog}/posts/a%00b",
                "/{blog}/pages/%00",
                "/{blog}/tags/%00",
                "/{blog}/authors/%00",
                "/{blog}/sitemap-posts%00.xml"
            })
    void getWhenPathHoldsNulThenNotFound(String path) {
        given().urlEncodingEnabled(false)
                .queryParam("key", blog.key())
                .get("/api/content/v1/blogs" + path.replace("{blog}", blog.blog()))
                .then()
                .statusCode(404)
                .body("errors[0].type", equalTo("NotFoundError"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "filter=tag:a%00b",
                "order=title%00",
                "fields=title%00",
                "include=tags%00",
                "formats=html%00",
                "limit=1%00",
                "page=1%00"
            })
    void getWhenQueryHoldsNulThenBadRequest(String query) {
        given().urlEncodingEnabled(false)
                .get(base(blog.blog()) + "/posts?key=" + blog.key() + "&" + query)
                .then()
                .statusCode(400)
                .body("errors[0].type", equalTo("BadRequestError"));
    }
}
