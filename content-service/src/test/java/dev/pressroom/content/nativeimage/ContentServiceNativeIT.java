package dev.pressroom.content.nativeimage;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.kernel.testing.NativeExecutable;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * content-service's native executable (scripts/native.sh test content-service) against real PostgreSQL and Redis:
 * its own import command loads the demo blog (Markdown rendered and sanitized in the image), then the reads, keys,
 * ETags, CORS, search, feeds and sitemaps over HTTP.
 */
class ContentServiceNativeIT {

    private static final int PORT = Integer.getInteger("native.http.port", 18082);
    private static final int MANAGEMENT = Integer.getInteger("native.management.port", 19082);
    private static final String BLOG = "native-kitchen";
    private static final String SITE = "http://localhost:3000";
    private static final String BASE = "/api/content/v1/blogs/" + BLOG + "/";

    private static NativeExecutable service;
    private static String key;
    private static String siteKey;

    /** Where the service keeps its data: databases and Redis database set aside for native tests. */
    private static Map<String, String> environment() {
        return NativeExecutable.env(
                "CONTENT_DB_NAME",
                System.getProperty("native.db", "content_native"),
                "CONTENT_REDIS_DB",
                System.getProperty("native.redis.db", "9"),
                "CONTENT_KEY_PEPPER",
                "native-test-pepper",
                "CONTENT_PUBLIC_URL",
                "https://api.example.test/",
                "CONTENT_PORT",
                String.valueOf(PORT),
                "CONTENT_MANAGEMENT_PORT",
                String.valueOf(MANAGEMENT),
                "QUARKUS_HTTP_HOST",
                "127.0.0.1",
                "QUARKUS_MANAGEMENT_HOST",
                "127.0.0.1");
    }

    @BeforeAll
    static void importAndStart() {
        Map<String, String> command = new HashMap<>(environment());
        command.putAll(NativeExecutable.env(
                "CONTENT_MIGRATE_AT_START", "true",
                "QUARKUS_HTTP_HOST_ENABLED", "false",
                "QUARKUS_MANAGEMENT_ENABLED", "false",
                "CONTENT_LISTEN_ENABLED", "false"));
        String out = NativeExecutable.run(
                command,
                Duration.ofSeconds(60),
                "demo",
                BLOG,
                TestBlogs.DEMO.toAbsolutePath().toString(),
                SITE);
        key = value(out, "CONTENT_KEY");
        siteKey = value(out, "CONTENT_KEY_SITE");

        service = NativeExecutable.start(environment(), MANAGEMENT, Duration.ofSeconds(30));
        RestAssured.port = PORT;
        System.out.printf(
                "native content-service: ready %d ms after start, RSS %d kB%n",
                service.startToReady().toMillis(), service.rssKb());
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.stopAsAPod(Duration.ofSeconds(25));
            RestAssured.reset();
        }
    }

    @Test
    void postsWhenKeyThenRenderedAndSanitizedHtmlInOrder() {
        given().header("Authorization", "Key " + key)
                .get(BASE + "posts")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("tomato-soup", "sourdough-basics", "knife-skills", "pantry-staples"))
                .body("posts[0].html", containsString("card card-recipe"))
                .body("posts[0].published_at", equalTo("2025-10-04T09:30:00.000Z"))
                .body("meta.pagination.total", equalTo(4));
        given().header("Authorization", "Key " + key)
                .get(BASE + "posts/tomato-soup")
                .then()
                .statusCode(200)
                .body("posts[0].slug", equalTo("tomato-soup"));
        given().header("Authorization", "Key " + key)
                .get(BASE + "tags")
                .then()
                .statusCode(200)
                .body("tags.slug", org.hamcrest.Matchers.hasItem("soups"));
    }

    @Test
    void readsWhenNoKeyOrAWrongOneThen401InTheErrorShape() {
        given().get(BASE + "posts").then().statusCode(401).body("errors[0].code", equalTo("missing_key"));
        given().header("Authorization", "Key prc_" + "0".repeat(48))
                .get(BASE + "posts")
                .then()
                .statusCode(401)
                .body("errors[0].code", equalTo("invalid_key"));
    }

    @Test
    void etagWhenSentBackThen304() {
        Response first = given().header("Authorization", "Key " + key).get(BASE + "posts");
        first.then().statusCode(200);
        String etag = first.header("ETag");
        assertThat(etag).isNotBlank();
        given().header("Authorization", "Key " + key)
                .header("If-None-Match", etag)
                .get(BASE + "posts")
                .then()
                .statusCode(304);
    }

    @Test
    void corsWhenSiteKeyThenItsOriginEchoedAndOthersRefused() {
        given().header("Authorization", "Key " + siteKey)
                .header("Origin", SITE)
                .get(BASE + "posts")
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", SITE)
                .header("Vary", "Authorization, Origin");
        given().header("Authorization", "Key " + siteKey)
                .header("Origin", "https://evil.example")
                .get(BASE + "posts")
                .then()
                .statusCode(403)
                .body("errors[0].code", equalTo("origin_not_allowed"));
    }

    @Test
    void searchWhenWordsThenMatchingPosts() {
        given().header("Authorization", "Key " + key)
                .get(BASE + "posts?search=tomato&fields=slug")
                .then()
                .statusCode(200)
                .body("posts.slug", org.hamcrest.Matchers.hasItem("tomato-soup"));
    }

    @Test
    void feedsAndSitemapWhenPublicThenXml() {
        given().get(BASE + "rss/")
                .then()
                .statusCode(200)
                .contentType(startsWith("application/rss+xml"))
                .body(containsString("<title>Pressroom Kitchen</title>"))
                .body(containsString(SITE + "/tomato-soup/"));
        given().get(BASE + "atom/").then().statusCode(200).contentType(startsWith("application/atom+xml"));
        Response sitemap = given().get(BASE + "sitemap.xml");
        sitemap.then().statusCode(200).body(containsString("<sitemapindex"));
        given().header("If-None-Match", sitemap.header("ETag"))
                .get(BASE + "sitemap.xml")
                .then()
                .statusCode(304);
    }

    @Test
    void healthAndMetricsWhenScrapedThenUpWithServiceSeries() {
        given().port(MANAGEMENT).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(MANAGEMENT).get("/q/metrics").then().statusCode(200).body(containsString("pressroom_content_"));
    }

    private static String value(String output, String name) {
        return output.lines()
                .filter(line -> line.startsWith(name + "="))
                .map(line -> line.substring(name.length() + 1))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + name + " in: " + output));
    }
}
