package dev.pressroom.content.observe;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.proxy.ClientAddressEcho;
import dev.pressroom.kernel.testing.MetricsScrape;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The HTTP metrics' uri label is a route template or a fixed word, never a blog, slug, id, key or made-up path. */
@QuarkusTest
class RouteLabelsResourceTest {

    private static final String REQUESTS = "http_server_requests_seconds_count";
    private static final String BLOG = "/api/content/v1/blogs/{blog}";
    private static final Set<String> FIXED =
            Set.of("NOT_FOUND", "/cors-preflight", "/unmatched", ClientAddressEcho.PATH);

    @Inject
    ContentAdmin admin;

    @Test
    void requestsWhenAnyContentRouteOrErrorThenUriLabelIsTemplateOrFixedWord() {
        TestContent.Loaded blog = TestContent.demo(admin, "label-secret-blog");
        String base = "/api/content/v1/blogs/label-secret-blog";
        String byId = "/api/content/v1/blogs/" + blog.blogId();
        List<String> made = List.of(
                "label-secret-blog",
                blog.blogId(),
                blog.key(),
                "madeup-slug",
                "madeup-tag",
                "madeup-user",
                "madeup-blog",
                "madeup-path");

        keyed(blog).get(base + "/posts").then().statusCode(200);
        keyed(blog).get(byId + "/posts/knife-skills").then().statusCode(200);
        keyed(blog).get(base + "/posts/madeup-slug").then().statusCode(404);
        keyed(blog).get(base + "/pages/madeup-slug").then().statusCode(404);
        keyed(blog).get(base + "/tags/madeup-tag").then().statusCode(404);
        keyed(blog).get(base + "/authors/madeup-user").then().statusCode(404);
        keyed(blog).get(base + "/settings").then().statusCode(200);
        keyed(blog).get("/api/content/v1/blogs/madeup-blog/posts").then().statusCode(404);
        keyed(blog).get(base + "/madeup-path/x").then().statusCode(404);
        keyed(blog).get("/madeup-path").then().statusCode(404);
        keyed(blog).post(base + "/posts/madeup-slug").then().statusCode(405);
        given().options(base + "/posts/madeup-slug").then().statusCode(204);
        given().header("Origin", "https://site.example")
                .header("Access-Control-Request-Method", "GET")
                .options(base + "/tags/madeup-tag")
                .then()
                .statusCode(204);
        given().get(base + "/rss/").then().statusCode(200);
        given().get(base + "/sitemap-posts.xml").then().statusCode(200);
        given().get(base + "/posts").then().statusCode(401);

        List<MetricsScrape.Sample> requests = Metrics.samples().stream()
                .filter(s -> s.name().equals(REQUESTS))
                .toList();
        assertThat(requests)
                .extracting(s -> s.labels().get("uri"))
                .allMatch(uri -> uri.startsWith(BLOG + "/") || FIXED.contains(uri), "a template or a fixed word")
                .noneMatch(uri -> made.stream().anyMatch(uri::contains));
        assertThat(Metrics.present(REQUESTS, "uri", BLOG + "/posts/{slugOrId}", "status", "404"))
                .isTrue();
        assertThat(Metrics.present(REQUESTS, "uri", BLOG + "/posts", "status", "404"))
                .isTrue(); // unknown blog
        assertThat(Metrics.present(REQUESTS, "uri", BLOG + "/posts", "status", "401"))
                .isTrue();
        assertThat(Metrics.present(REQUESTS, "uri", "/unmatched", "status", "405"))
                .isTrue();
        assertThat(Metrics.present(REQUESTS, "uri", "/unmatched", "status", "404"))
                .isTrue();
        assertThat(Metrics.value(REQUESTS, "uri", "/cors-preflight", "method", "OPTIONS"))
                .isGreaterThanOrEqualTo(2);
    }

    private static RequestSpecification keyed(TestContent.Loaded blog) {
        return given().queryParam("key", blog.key());
    }
}
