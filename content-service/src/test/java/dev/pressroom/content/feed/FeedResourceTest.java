package dev.pressroom.content.feed;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class FeedResourceTest {

    private static final String BASE = "/api/content/v1/blogs/feeds-demo/";
    private static TestContent.Loaded demo;

    @Inject
    ContentAdmin admin;

    @BeforeEach
    void load() throws Exception {
        if (demo == null) {
            demo = TestContent.demo(admin, "feeds-demo");
            Path privateBlog = TestBlogs.demoCopy(Files.createTempDirectory("private"));
            TestBlogs.write(
                    privateBlog, "blog.yaml", "private: true\n" + Files.readString(privateBlog.resolve("blog.yaml")));
            TestContent.load(admin, "feeds-private", privateBlog);
        }
    }

    @Test
    void settingsWhenReadThenFeedUrlsPointAtTheseFeeds() {
        String rss = given().header("Authorization", "Key " + demo.key())
                .get(BASE + "settings")
                .then()
                .statusCode(200)
                .extract()
                .path("settings.rss_url");
        assertThat(rss).isEqualTo("https://api.example.test" + BASE + "rss/");
        given().get(BASE + "rss/").then().statusCode(200);
    }

    @Test
    void rssWhenNoKeyThenRss2WithRequiredElements() {
        Response response = given().get(BASE + "rss/");
        response.then().statusCode(200).contentType(startsWith("application/rss+xml"));
        TestXml xml = TestXml.parse(response.asString());
        assertThat(xml.text("/rss/@version")).isEqualTo("2.0");
        assertThat(xml.text("/rss/channel/title")).isEqualTo("Pressroom Kitchen");
        assertThat(xml.text("/rss/channel/link")).isEqualTo("http://localhost:3000/");
        assertThat(xml.text("/rss/channel/description")).isEqualTo("Seasonal recipes, techniques and kitchen notes.");
        assertThat(xml.text("/rss/channel/atom:link[@rel='self']/@href"))
                .isEqualTo("https://api.example.test" + BASE + "rss/");
        assertThat(xml.texts("/rss/channel/item/link"))
                .containsExactly(
                        "http://localhost:3000/tomato-soup/",
                        "http://localhost:3000/sourdough-basics/",
                        "http://localhost:3000/knife-skills/",
                        "http://localhost:3000/pantry-staples/");
        // RSS 2.0: every item has a title or a description; dates are RFC 822.
        assertThat(xml.count("/rss/channel/item[title and description and guid[@isPermaLink='false'] and dc:creator]"))
                .isEqualTo(4);
        for (String date : xml.texts("/rss/channel/item/pubDate")) {
            ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
        }
        assertThat(xml.text("/rss/channel/item[1]/pubDate")).isEqualTo("Sat, 4 Oct 2025 09:30:00 GMT");
    }

    @Test
    void rssWhenPostHasHtmlAndImageThenFullSanitizedHtmlAndEnclosure() {
        TestXml xml = TestXml.parse(given().get(BASE + "rss/").asString());
        String html = xml.text("/rss/channel/item[1]/content:encoded");
        assertThat(html).contains("card card-recipe").doesNotContain("<script").doesNotContain("onerror");
        assertThat(xml.text("/rss/channel/item[1]/enclosure/@url"))
                .isEqualTo("http://localhost:3000/content/images/tomato-soup.jpg");
        assertThat(xml.text("/rss/channel/item[1]/enclosure/@type")).isEqualTo("image/jpeg");
        assertThat(xml.text("/rss/channel/item[1]/enclosure/@length")).isEqualTo("0");
        assertThat(xml.texts("/rss/channel/item[1]/category")).contains("Recipes");
    }

    @Test
    void atomWhenNoKeyThenAtom1WithRequiredElements() {
        Response response = given().get(BASE + "atom/");
        response.then().statusCode(200).contentType(startsWith("application/atom+xml"));
        TestXml xml = TestXml.parse(response.asString());
        // RFC 4287 §4.1.1: id, title, updated; entries each need id, title, updated, an author and a link.
        assertThat(xml.text("/atom:feed/atom:id")).startsWith("tag:pressroom.blog,2025:blog/");
        assertThat(xml.text("/atom:feed/atom:title")).isEqualTo("Pressroom Kitchen");
        assertThat(OffsetDateTime.parse(xml.text("/atom:feed/atom:updated"))).isNotNull();
        assertThat(xml.text("/atom:feed/atom:link[@rel='self']/@href"))
                .isEqualTo("https://api.example.test" + BASE + "atom/");
        assertThat(xml.count("/atom:feed/atom:entry[atom:id and atom:title and atom:updated and atom:author/atom:name"
                        + " and atom:link[@rel='alternate'] and atom:content[@type='html']]"))
                .isEqualTo(4);
        assertThat(xml.text("/atom:feed/atom:entry[1]/atom:link[@rel='enclosure']/@href"))
                .isEqualTo("http://localhost:3000/content/images/tomato-soup.jpg");
        assertThat(xml.text("/atom:feed/atom:entry[1]/atom:content")).contains("card card-recipe");
        assertThat(xml.text("/atom:feed/atom:entry[1]/atom:published")).isEqualTo("2025-10-04T09:30:00Z");
        assertThat(xml.texts("/atom:feed/atom:entry/atom:id")).doesNotHaveDuplicates();
    }

    @Test
    void feedWhenRevalidatedThenSameCachingHeadersAnd304() {
        String etag = given().get(BASE + "atom/")
                .then()
                .statusCode(200)
                .header("Cache-Control", "public, max-age=60, stale-while-revalidate=300")
                .header("Access-Control-Allow-Origin", "*")
                .extract()
                .header("ETag");
        given().header("If-None-Match", etag)
                .get(BASE + "atom/")
                .then()
                .statusCode(304)
                .header("ETag", equalTo(etag));
        assertThat(given().get(BASE + "rss/").header("ETag")).isNotEqualTo(etag);
    }

    @Test
    void feedWhenNoTrailingSlashThenSameFeed() {
        given().get(BASE + "rss").then().statusCode(200).contentType(startsWith("application/rss+xml"));
    }

    @Test
    void feedWhenPostThen405WithAllow() {
        given().post(BASE + "rss/").then().statusCode(405).header("Allow", "GET, OPTIONS");
    }

    @Test
    void feedWhenPrivateOrUnknownBlogThen404Envelope() {
        given().get("/api/content/v1/blogs/feeds-private/rss/")
                .then()
                .statusCode(404)
                .body("errors[0].code", equalTo("not_found"))
                .header("Cache-Control", "no-store");
        given().get("/api/content/v1/blogs/feeds-nobody/atom/").then().statusCode(404);
    }
}
