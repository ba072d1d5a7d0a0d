package dev.pressroom.content.ghost;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Sodo search, the search of Ghost's default themes, from its published npm bundle (version pinned by
 * src/test/sodo-search/package-lock.json, installed by {@code make test-npm}): its own search index class fetches our
 * Ghost search-index routes with a content key, indexes them with its FlexSearch settings and searches them, in node
 * (src/test/sodo-search/sodo-search.mjs). What it finds must be our content.
 */
@QuarkusTest
class SodoSearchTest {

    private static final Path SODO = Path.of("src/test/sodo-search");

    @Inject
    ContentAdmin admin;

    @TestHTTPResource("/")
    URL server;

    @Test
    void sodoSearchWhenPointedAtPressroomThenItLoadsEveryIndexAndFindsOurContent() throws Exception {
        assertThat(SODO.resolve("node_modules/@tryghost/sodo-search/umd/sodo-search.min.js"))
                .as("Sodo search is installed by make test-npm (npm ci in %s)", SODO)
                .exists();
        TestContent.Loaded demo = TestContent.demo(admin, "sodo-demo");
        String blogUrl = server.toString().replaceAll("/$", "") + "/api/content/v1/blogs/" + demo.blog();

        JsonNode sodo = run(blogUrl, demo.key(), "tomato", "ana", "recipes");

        assertThat(sodo.path("fetched").findValuesAsText("url"))
                .containsExactly(
                        blogUrl + "/ghost/api/content/search-index/posts/?key=REDACTED",
                        blogUrl + "/ghost/api/content/search-index/authors/?key=REDACTED",
                        blogUrl + "/ghost/api/content/search-index/tags/?key=REDACTED");
        assertThat(sodo.path("fetched").findValuesAsText("status")).containsOnly("200");
        JsonPath posts = ours(demo, "/posts?limit=all");
        JsonPath authors = ours(demo, "/authors");
        JsonPath tags = ours(demo, "/tags");
        assertThat(sodo.path("loaded").path("posts").asInt()).isEqualTo(posts.getInt("meta.pagination.total"));
        assertThat(sodo.path("loaded").path("authors").asInt())
                .isEqualTo(authors.getList("authors").size());
        assertThat(sodo.path("loaded").path("tags").asInt())
                .isEqualTo(tags.getList("tags").size());

        // Sodo searches titles and excerpts by word prefix: what it finds is each of our posts with such a word.
        JsonNode tomato = sodo.path("results").path("tomato").path("posts");
        List<String> withTomato = posts.<Map<String, String>>getList("posts").stream()
                .filter(post -> Pattern.compile("(?i)\\btomato")
                        .matcher(post.get("title") + " " + post.get("excerpt"))
                        .find())
                .map(post -> post.get("slug"))
                .toList();
        assertThat(withTomato).contains("tomato-soup").hasSizeGreaterThan(1);
        assertThat(tomato.findValuesAsText("slug")).containsExactlyInAnyOrderElementsOf(withTomato);
        JsonNode soup = tomato.get(tomato.findValuesAsText("slug").indexOf("tomato-soup"));
        assertThat(soup.path("url").asText()).isEqualTo(posts.getString("posts.find { it.slug == 'tomato-soup' }.url"));
        assertThat(soup.path("title").asText()).isEqualTo("Roasted tomato soup");

        JsonNode ana = sodo.path("results").path("ana").path("authors");
        assertThat(ana.findValuesAsText("slug")).containsExactly("ana");
        assertThat(ana.get(0).path("url").asText())
                .isEqualTo(authors.getString("authors.find { it.username == 'ana' }.url"));
        assertThat(ana.get(0).path("profile_image").asText())
                .isEqualTo(authors.getString("authors.find { it.username == 'ana' }.profile_image"));

        JsonNode recipes = sodo.path("results").path("recipes").path("tags");
        assertThat(recipes.findValuesAsText("slug")).containsExactly("recipes");
        assertThat(recipes.get(0).path("url").asText())
                .isEqualTo(tags.getString("tags.find { it.slug == 'recipes' }.url"));
    }

    private static JsonPath ours(TestContent.Loaded demo, String path) {
        return given().queryParam("key", demo.key())
                .get("/api/content/v1/blogs/" + demo.blog() + path)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static JsonNode run(String blogUrl, String key, String... terms) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", "sodo-search.mjs"));
        command.addAll(List.of(terms));
        ProcessBuilder builder = new ProcessBuilder(command).directory(SODO.toFile());
        builder.environment().putAll(Map.of("PRESSROOM_BLOG_URL", blogUrl, "PRESSROOM_KEY", key));
        Path errors = Files.createTempFile("sodo-search-", ".log");
        builder.redirectError(errors.toFile());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        // The last lines only: an error inside the bundle would print its whole (minified) line.
        String log = Files.readString(errors);
        assertThat(process.exitValue())
                .as(log.substring(Math.max(0, log.length() - 2_000)))
                .isZero();
        return new ObjectMapper().readTree(output);
    }
}
