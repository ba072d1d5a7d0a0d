package dev.pressroom.content.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CorsResourceTest {

    private static TestContent.Loaded blog;
    private static String siteKey;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (blog == null) {
            blog = TestContent.demo(admin, "cors-demo");
            siteKey = admin.rotateKey("cors-demo", "site", List.of("http://localhost:3000"))
                    .key();
        }
    }

    private static String posts() {
        return "/api/content/v1/blogs/cors-demo/posts";
    }

    @Test
    void getWhenNoOriginThenStarAndVary() {
        given().header("Authorization", "Key " + blog.key())
                .get(posts())
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", "*")
                .header("Vary", "Authorization, Origin");
    }

    @Test
    void getWhenKeyWithoutSitesAndAnyOriginThenStar() {
        given().header("Authorization", "Key " + blog.key())
                .header("Origin", "https://anywhere.example")
                .get(posts())
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", "*");
    }

    @Test
    void getWhenAllowedOriginThenOriginEchoed() {
        given().header("Authorization", "Key " + siteKey)
                .header("Origin", "http://localhost:3000")
                .get(posts())
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", "http://localhost:3000")
                .header("Vary", "Authorization, Origin");
    }

    @Test
    void getWhenDisallowedOriginThenForbidden() {
        given().header("Authorization", "Key " + siteKey)
                .header("Origin", "https://evil.example")
                .get(posts())
                .then()
                .statusCode(403)
                .header("Cache-Control", "no-store")
                .body("errors[0].type", equalTo("ForbiddenError"))
                .body("errors[0].code", equalTo("origin_not_allowed"));
    }

    @Test
    void getWhenSiteKeyWithoutOriginThenServed() {
        given().header("Authorization", "Key " + siteKey)
                .get(posts())
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", "*");
    }

    @Test
    void optionsWhenPreflightThen204WithCorsHeaders() {
        given().header("Origin", "http://localhost:3000")
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "authorization")
                .options(posts())
                .then()
                .statusCode(204)
                .header("Access-Control-Allow-Origin", "*")
                .header("Access-Control-Allow-Methods", "GET, OPTIONS")
                .header("Access-Control-Allow-Headers", "Authorization, Accept-Version")
                .header("Access-Control-Max-Age", "86400");
    }

    @Test
    void optionsWhenAnyEndpointThen204WithoutKey() {
        for (String path : List.of(
                "/posts/tomato-soup",
                "/pages",
                "/pages/about",
                "/tags",
                "/tags/soups",
                "/authors",
                "/authors/ana",
                "/settings")) {
            given().options("/api/content/v1/blogs/cors-demo" + path)
                    .then()
                    .statusCode(204)
                    .header("Allow", "GET, OPTIONS");
        }
    }

    @Test
    void getWhenErrorThenCorsHeadersSoBrowsersCanReadIt() {
        given().header("Origin", "http://localhost:3000")
                .get(posts())
                .then()
                .statusCode(401)
                .header("Access-Control-Allow-Origin", "*");
    }
}
