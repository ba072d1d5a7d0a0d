package dev.pressroom.content.cache;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.content.observe.Metrics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The answer cache's and revalidation's metrics, scraped after real requests. */
@QuarkusTest
class CacheMetricsResourceTest {

    private static final String REQUESTS = "pressroom_content_cache_requests_total";
    private static TestContent.Loaded blog;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() {
        if (blog == null) {
            blog = TestContent.demo(admin, "cache-metrics");
        }
    }

    @Test
    void getWhenAskedTwiceThenOneMissOneHitAndAnEntry() {
        double misses = Metrics.value(REQUESTS, "result", "miss");
        double hits = Metrics.value(REQUESTS, "result", "hit");

        posts("limit=4").then().statusCode(200);
        posts("limit=4").then().statusCode(200);

        assertThat(Metrics.value(REQUESTS, "result", "miss")).isEqualTo(misses + 1);
        assertThat(Metrics.value(REQUESTS, "result", "hit")).isEqualTo(hits + 1);
        assertThat(Metrics.value("pressroom_content_cache_entries")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void getWhenIfNoneMatchMatchesOrStarThenNotModifiedCounted() {
        String etag = posts("limit=5").header("ETag");
        double notModified = Metrics.value("pressroom_content_not_modified_total");

        given().queryParam("key", blog.key())
                .header("If-None-Match", etag)
                .get(path("limit=5"))
                .then()
                .statusCode(304);
        given().queryParam("key", blog.key())
                .header("If-None-Match", "*")
                .get(path("limit=5"))
                .then()
                .statusCode(304);
        given().queryParam("key", blog.key())
                .header("If-None-Match", "\"stale\"")
                .get(path("limit=5"))
                .then()
                .statusCode(200);

        assertThat(Metrics.value("pressroom_content_not_modified_total")).isEqualTo(notModified + 2);
    }

    @Test
    void importWhenBlogChangedThenItsAnswersCountAsInvalidated() throws Exception {
        posts("limit=6").then().statusCode(200);
        double invalidated = Metrics.value("pressroom_content_cache_evictions_total", "reason", "invalidated");

        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("cache-metrics"));
        TestBlogs.write(
                folder,
                "posts/knife-skills.md",
                TestBlogs.post("Knife cuts, revised", "2025-09-01T12:00:00Z", "techniques"));
        admin.importBlog("cache-metrics", folder);

        assertThat(Metrics.await(
                        value -> value > invalidated,
                        "pressroom_content_cache_evictions_total",
                        "reason",
                        "invalidated"))
                .isGreaterThan(invalidated);
    }

    private static Response posts(String query) {
        return given().queryParam("key", blog.key()).get(path(query));
    }

    private static String path(String query) {
        return "/api/content/v1/blogs/cache-metrics/posts?" + query;
    }
}
