package dev.pressroom.content.ghost;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Ghost's search-index routes by shape, against our own routes' answers (Sodo search itself: SodoSearchTest). */
@QuarkusTest
class GhostSearchIndexResourceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static TestContent.Loaded demo;

    @Inject
    ContentAdmin admin;

    @Inject
    AgroalDataSource dataSource;

    @BeforeEach
    void load() {
        if (demo == null) {
            demo = TestContent.demo(admin, "index-demo");
        }
    }

    private static Response index(TestContent.Loaded blog, String resource) {
        return given().queryParam("key", blog.key())
                .get("/api/content/v1/blogs/" + blog.blog() + "/ghost/api/content/search-index/" + resource + "/");
    }

    private static JsonNode ours(String path, String... query) throws Exception {
        RequestSpecification request = given().queryParam("key", demo.key());
        for (int i = 0; i < query.length; i += 2) {
            request.queryParam(query[i], query[i + 1]);
        }
        return JSON.readTree(request.get("/api/content/v1/blogs/" + demo.blog() + path)
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
    }

    private static JsonNode body(Response response) throws Exception {
        return JSON.readTree(response.then().statusCode(200).extract().asByteArray());
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void postsAndPagesWhenFetchedThenGhostsCompactDocumentsNewestUpdatedFirst() throws Exception {
        for (String type : List.of("posts", "pages")) {
            JsonNode documents = body(index(demo, type)).path(type);
            JsonNode expected = ours(
                            "/" + type,
                            "limit",
                            "all",
                            "order",
                            "updated_at desc",
                            "fields",
                            "id,slug,title,excerpt,url,published_at,updated_at,visibility")
                    .path(type);

            assertThat(documents.size()).as(type).isEqualTo(expected.size()).isPositive();
            for (int i = 0; i < documents.size(); i++) {
                JsonNode document = documents.get(i);
                JsonNode ours = expected.get(i);
                assertThat(names(document))
                        .containsExactly(
                                "id",
                                "slug",
                                "title",
                                "excerpt",
                                "url",
                                "created_at",
                                "updated_at",
                                "published_at",
                                "visibility");
                for (String field : names(ours)) {
                    assertThat(document.path(field)).as(type + " " + field).isEqualTo(ours.path(field));
                }
                assertThat(document.path("created_at")).isEqualTo(ours.path("published_at"));
            }
        }
    }

    @Test
    void tagsAndAuthorsWhenFetchedThenGhostsCompactDocumentsOfOurLists() throws Exception {
        JsonNode tags = body(index(demo, "tags")).path("tags");
        JsonNode ourTags = ours("/tags").path("tags");
        assertThat(tags.size()).isEqualTo(ourTags.size()).isPositive();
        for (int i = 0; i < tags.size(); i++) {
            assertThat(names(tags.get(i))).containsExactly("id", "slug", "name", "url");
            for (String field : names(tags.get(i))) {
                assertThat(tags.get(i).path(field)).isEqualTo(ourTags.get(i).path(field));
            }
        }

        JsonNode authors = body(index(demo, "authors")).path("authors");
        JsonNode ourAuthors = ours("/authors").path("authors");
        assertThat(authors.size()).isEqualTo(ourAuthors.size()).isPositive();
        for (int i = 0; i < authors.size(); i++) {
            JsonNode author = authors.get(i);
            JsonNode ours = ourAuthors.get(i);
            assertThat(names(author)).containsExactly("id", "slug", "name", "url", "profile_image");
            assertThat(author.path("slug")).isEqualTo(ours.path("username"));
            for (String field : List.of("id", "name", "url", "profile_image")) {
                assertThat(author.path(field)).isEqualTo(ours.path(field));
            }
        }
    }

    @Test
    void searchIndexWhenRevalidatedOrWithoutKeyThenLikeEveryGhostRoute() {
        Response first = index(demo, "posts");
        String etag = first.then().statusCode(200).extract().header("ETag");
        first.then().header("Cache-Control", "public, max-age=60, stale-while-revalidate=300");

        given().queryParam("key", demo.key())
                .header("If-None-Match", etag)
                .header("Accept-Version", "v6.0")
                .get("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/search-index/posts/")
                .then()
                .statusCode(304)
                .header("ETag", etag)
                .header("Content-Version", "v6.0");
        given().get("/api/content/v1/blogs/" + demo.blog() + "/ghost/api/content/search-index/tags/")
                .then()
                .statusCode(401)
                .body("errors[0].type", equalTo("UnauthorizedError"))
                .body("errors[0].code", equalTo("missing_key"));
        index(demo, "users").then().statusCode(404).body("errors[0].type", equalTo("NotFoundError"));
    }

    /** Ghost answers at most 10,000 documents, the most recently updated. */
    @Test
    void postsWhenMoreThanTenThousandThenTheTenThousandNewestUpdated() throws Exception {
        TestContent.Loaded big = TestContent.demo(admin, "index-big");
        int clones = 10_050;
        cloneListedPost(big.blogId(), clones);

        JsonNode posts = body(index(big, "posts")).path("posts");

        assertThat(posts.size()).isEqualTo(10_000);
        assertThat(posts.get(0).path("slug").asText()).isEqualTo("clone-" + clones);
        assertThat(posts.get(9_999).path("slug").asText()).isEqualTo("clone-" + (clones - 9_999));
        Iterator<JsonNode> each = posts.elements();
        String previous = each.next().path("updated_at").asText();
        while (each.hasNext()) {
            String next = each.next().path("updated_at").asText();
            assertThat(next).isLessThanOrEqualTo(previous);
            previous = next;
        }
    }

    /**
     * Copies one listed post of the blog {@code count} times straight in SQL (an import of 10,000 files would take
     * minutes), each updated a minute after the one before and after every imported post. Before the blog's first
     * request, so no answer of it is cached.
     */
    private void cloneListedPost(String blogId, int count) throws Exception {
        try (Connection c = dataSource.getConnection()) {
            List<String> columns = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT column_name FROM information_schema.columns"
                            + " WHERE table_name = 'post' AND is_generated = 'NEVER' ORDER BY ordinal_position");
                    ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    columns.add(rows.getString(1));
                }
            }
            String values = columns.stream()
                    .map(column -> switch (column) {
                        case "id" -> "'c' || lpad(to_hex(g), 23, '0')";
                        case "slug" -> "'clone-' || g";
                        case "url" -> "src.url || 'clone-' || g || '/'";
                        case "updated_at" -> "timestamptz '2030-01-01 00:00:00+00' + g * interval '1 minute'";
                        case "list_rank" -> "NULL";
                        default -> "src." + column;
                    })
                    .collect(Collectors.joining(", "));
            try (PreparedStatement s = c.prepareStatement("INSERT INTO post (" + String.join(", ", columns) + ")"
                    + " SELECT " + values + " FROM (SELECT * FROM post WHERE blog_id = ? AND listed AND type = 'post'"
                    + " LIMIT 1) src, generate_series(1, ?) g")) {
                s.setString(1, blogId);
                s.setInt(2, count);
                assertThat(s.executeUpdate()).isEqualTo(count);
            }
        }
    }
}
