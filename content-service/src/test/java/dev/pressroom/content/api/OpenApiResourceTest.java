package dev.pressroom.content.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.kernel.testing.OpenApiConformance;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * /q/openapi against real answers of the demo blog: every field of every answer sampled is documented with its type,
 * every documented field turns up in some answer, and every keyed route (all
 * but feeds and sitemaps, which answer XML) is sampled.
 */
@QuarkusTest
class OpenApiResourceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OURS = "/api/content/v1/blogs/{blog}";
    private static final String GHOST = OURS + "/ghost/api/content";
    private static TestContent.Loaded demo;
    private static String siteOnlyKey;

    @Inject
    ContentAdmin admin;

    /** One request: the document's path template it answers to, the real path, its query and the status expected. */
    private record Sample(String template, String path, int status, List<String> query) {

        static Sample of(String template, String path, int status, String... query) {
            return new Sample(template, path, status, List.of(query));
        }
    }

    @BeforeEach
    void load() throws Exception {
        if (demo == null) {
            demo = TestContent.demo(admin, "openapi-demo");
            siteOnlyKey = admin.createKey("openapi-demo", "site", List.of("https://site.example"))
                    .key();
        }
    }

    private static JsonNode document() throws Exception {
        return JSON.readTree(given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
    }

    private static JsonNode answer(Sample sample, String key) throws Exception {
        RequestSpecification request = given();
        if (key != null) {
            request.queryParam("key", key);
        }
        for (int i = 0; i < sample.query().size(); i += 2) {
            request.queryParam(sample.query().get(i), sample.query().get(i + 1));
        }
        return JSON.readTree(request.get(sample.path().replace("{blog}", demo.blog()))
                .then()
                .statusCode(sample.status())
                .extract()
                .asByteArray());
    }

    /** The first item of one of our lists, whose slug and id the other samples ask for. */
    private static JsonNode first(String list) throws Exception {
        return answer(Sample.of(OURS + "/" + list, OURS + "/" + list, 200), demo.key())
                .path(list)
                .get(0);
    }

    private List<Sample> successes() throws Exception {
        JsonNode post = first("posts");
        JsonNode page = first("pages");
        JsonNode tag = first("tags");
        JsonNode author = first("authors");
        String postId = post.path("id").asText();
        String postSlug = post.path("slug").asText();
        String pageSlug = page.path("slug").asText();
        String tagSlug = tag.path("slug").asText();
        String username = author.path("username").asText();
        String tagId = tag.path("id").asText();
        String authorId = author.path("id").asText();
        return List.of(
                Sample.of(OURS + "/posts", OURS + "/posts", 200),
                Sample.of(OURS + "/posts", OURS + "/posts", 200, "include", "tags,authors", "formats", "both"),
                Sample.of(OURS + "/posts", OURS + "/posts", 200, "search", "tomato"),
                Sample.of(OURS + "/posts/{slugOrId}", OURS + "/posts/" + postSlug, 200, "formats", "both"),
                Sample.of(OURS + "/posts/{slugOrId}", OURS + "/posts/" + postId, 200),
                Sample.of(OURS + "/pages", OURS + "/pages", 200, "include", "tags,authors"),
                Sample.of(OURS + "/pages/{slugOrId}", OURS + "/pages/" + pageSlug, 200),
                Sample.of(OURS + "/tags", OURS + "/tags", 200),
                Sample.of(OURS + "/tags/{slug}", OURS + "/tags/" + tagSlug, 200),
                Sample.of(OURS + "/authors", OURS + "/authors", 200),
                Sample.of(OURS + "/authors/{username}", OURS + "/authors/" + username, 200),
                Sample.of(OURS + "/settings", OURS + "/settings", 200),
                Sample.of(GHOST + "/posts", GHOST + "/posts/", 200),
                Sample.of(GHOST + "/posts", GHOST + "/posts/", 200, "include", "tags,authors"),
                Sample.of(GHOST + "/posts/{id}", GHOST + "/posts/" + postId + "/", 200, "include", "tags,authors"),
                Sample.of(GHOST + "/posts/slug/{slug}", GHOST + "/posts/slug/" + postSlug + "/", 200),
                Sample.of(GHOST + "/pages", GHOST + "/pages/", 200, "include", "tags,authors"),
                Sample.of(
                        GHOST + "/pages/{id}",
                        GHOST + "/pages/" + page.path("id").asText() + "/",
                        200),
                Sample.of(GHOST + "/pages/slug/{slug}", GHOST + "/pages/slug/" + pageSlug + "/", 200),
                Sample.of(GHOST + "/tags", GHOST + "/tags/", 200, "include", "count.posts"),
                Sample.of(GHOST + "/tags/{id}", GHOST + "/tags/" + tagId + "/", 200),
                Sample.of(GHOST + "/tags/slug/{slug}", GHOST + "/tags/slug/" + tagSlug + "/", 200),
                Sample.of(GHOST + "/authors", GHOST + "/authors/", 200, "include", "count.posts"),
                Sample.of(GHOST + "/authors/{id}", GHOST + "/authors/" + authorId + "/", 200),
                Sample.of(GHOST + "/authors/slug/{slug}", GHOST + "/authors/slug/" + username + "/", 200),
                Sample.of(GHOST + "/settings", GHOST + "/settings/", 200),
                Sample.of(GHOST + "/tiers", GHOST + "/tiers/", 200),
                Sample.of(GHOST + "/newsletters", GHOST + "/newsletters/", 200),
                Sample.of(GHOST + "/search-index/{index}", GHOST + "/search-index/posts/", 200),
                Sample.of(GHOST + "/search-index/{index}", GHOST + "/search-index/pages/", 200),
                Sample.of(GHOST + "/search-index/{index}", GHOST + "/search-index/tags/", 200),
                Sample.of(GHOST + "/search-index/{index}", GHOST + "/search-index/authors/", 200));
    }

    private static List<Sample> errors() {
        return List.of(
                Sample.of(OURS + "/posts", OURS + "/posts", 400, "limit", "0"),
                Sample.of(OURS + "/posts", OURS + "/posts", 400, "filter", "tag:"),
                Sample.of(OURS + "/posts/{slugOrId}", OURS + "/posts/no-such-post", 404),
                Sample.of(GHOST + "/posts", GHOST + "/posts/", 400, "order", "bogus"),
                Sample.of(GHOST + "/posts/slug/{slug}", GHOST + "/posts/slug/no-such-post/", 404),
                Sample.of(GHOST + "/offers/{id}", GHOST + "/offers/any/", 404));
    }

    @Test
    void openApiWhenWalkedAgainstRealAnswersThenEachFieldDocumentedAndEachDocumentedFieldPresent() throws Exception {
        OpenApiConformance conformance = new OpenApiConformance(document());
        List<String> findings = new ArrayList<>();
        for (Sample sample : successes()) {
            findings.addAll(check(conformance, sample, demo.key()));
        }
        for (Sample sample : errors()) {
            findings.addAll(check(conformance, sample, demo.key()));
        }
        findings.addAll(check(conformance, Sample.of(OURS + "/settings", OURS + "/settings", 401), null));
        findings.addAll(check(conformance, Sample.of(GHOST + "/settings", GHOST + "/settings/", 401), "prc_nope"));

        assertThat(findings)
                .as("answer fields the document lacks or types it gets wrong")
                .isEmpty();
        assertThat(conformance.neverSeen())
                .as("documented fields no answer held")
                .isEmpty();
        // ClientAddressEcho, a route of the test sources, brings its parameter's schema.
        assertThat(conformance.unreachedComponents())
                .as("schemas no answer used")
                .isSubsetOf("HttpServerRequest");
    }

    @Test
    void openApiWhenReadThenEveryJsonRouteIsSampledAndDocumentsItsAnswer() throws Exception {
        JsonNode document = document();
        Set<String> sampled = new TreeSet<>();
        successes().forEach(sample -> sampled.add(sample.template()));
        errors().forEach(sample -> sampled.add(sample.template()));
        Set<String> jsonRoutes = new TreeSet<>();
        document.path("paths").properties().forEach(path -> {
            boolean keyless = path.getValue().path("get").has("security");
            // The test sources add a route of their own (ClientAddressEcho).
            if (!keyless && path.getKey().startsWith("/api/content/")) {
                jsonRoutes.add(path.getKey());
            }
        });

        assertThat(jsonRoutes).isEqualTo(sampled);
        OpenApiConformance conformance = new OpenApiConformance(document);
        for (String route : jsonRoutes) {
            JsonNode get = document.path("paths").path(route).path("get");
            assertThat(get.path("summary").asText()).as(route).isNotBlank();
            for (int status : new int[] {401, 404, 429, 503}) {
                assertThat(conformance.answerSchema(route, status))
                        .as(route + " " + status)
                        .isNotNull();
            }
        }
    }

    @Test
    void openApiWhenReadThenTheKeysTwoWaysAreItsSecuritySchemes() throws Exception {
        JsonNode schemes = document().path("components").path("securitySchemes");

        assertThat(schemes.path("keyQuery").path("in").asText()).isEqualTo("query");
        assertThat(schemes.path("keyQuery").path("name").asText()).isEqualTo("key");
        assertThat(schemes.path("keyHeader").path("in").asText()).isEqualTo("header");
        assertThat(schemes.path("keyHeader").path("name").asText()).isEqualTo("Authorization");
        given().header("Authorization", "Key " + demo.key())
                .get("/api/content/v1/blogs/" + demo.blog() + "/settings")
                .then()
                .statusCode(200);
    }

    @Test
    void openApiWhenAnOriginIsRefusedThenTheErrorMatchesTheDocument() throws Exception {
        OpenApiConformance conformance = new OpenApiConformance(document());
        JsonNode refused = JSON.readTree(given().queryParam("key", siteOnlyKey)
                .header("Origin", "https://elsewhere.example")
                .get("/api/content/v1/blogs/" + demo.blog() + "/posts")
                .then()
                .statusCode(403)
                .extract()
                .asByteArray());

        assertThat(conformance.check(conformance.answerSchema(OURS + "/posts", 403), refused, "403"))
                .isEmpty();
    }

    private static List<String> check(OpenApiConformance conformance, Sample sample, String key) throws Exception {
        JsonNode answer = answer(sample, key);
        return conformance.check(
                conformance.answerSchema(sample.template(), sample.status()),
                answer,
                sample.path() + " " + String.join("&", sample.query()) + " " + sample.status());
    }
}
