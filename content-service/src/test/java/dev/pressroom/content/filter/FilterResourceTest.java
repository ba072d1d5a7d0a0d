package dev.pressroom.content.filter;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.blog.BlogDirectory;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.content.post.PostService;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The filter parameter over HTTP, and its SQL checked against the reference evaluation on a generated blog. */
@QuarkusTest
class FilterResourceTest {

    private static final long SEED = 9;
    private static final List<String> TAGS = List.of("soup", "salad", "bread", "cake", "tea");
    private static final List<String> AUTHORS = List.of("ana", "ben", "cleo");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static TestContent.Loaded generated;
    private static TestBlogModel model;

    @Inject
    ContentAdmin admin;

    @Inject
    BlogDirectory blogs;

    @Inject
    PostService posts;

    @BeforeEach
    void load() throws Throwable {
        if (generated == null) {
            generated = TestContent.load(admin, "filter-generated", generateBlog(new Random(SEED)));
            model = readModel();
        }
    }

    /** 40 published posts with random tags, authors, flags, dates and lengths, plus drafts and unlisted posts. */
    private static Path generateBlog(Random random) throws Exception {
        Path folder = Files.createTempDirectory("filter-blog");
        StringBuilder yaml = new StringBuilder("title: Generated\nlang: en\nauthors:\n");
        AUTHORS.forEach(a -> yaml.append("  - username: ")
                .append(a)
                .append("\n    name: ")
                .append(a)
                .append('\n'));
        yaml.append("tags:\n");
        TAGS.forEach(t -> yaml.append("  - slug: ").append(t).append('\n'));
        TestBlogs.write(folder, "blog.yaml", yaml.toString());
        for (int i = 0; i < 46; i++) {
            List<String> tags = new ArrayList<>(TAGS);
            Collections.shuffle(tags, random);
            List<String> authors = new ArrayList<>(AUTHORS);
            Collections.shuffle(authors, random);
            Instant published =
                    Instant.parse("2024-06-01T00:00:00Z").plusSeconds(3_600L * (i * 37 + random.nextInt(30)));
            String status = i >= 40 && i % 2 == 0 ? "draft" : "published";
            String visibility = i >= 40 && i % 2 == 1 ? "unlisted" : "public";
            TestBlogs.write(
                    folder,
                    "posts/p" + i + ".md",
                    "---\ntitle: Post " + i + "\nstatus: " + status + "\nvisibility: "
                            + visibility + "\npublished_at: " + published + "\nupdated_at: "
                            + published.plusSeconds(60L * random.nextInt(100_000))
                            + "\nfeatured: " + random.nextBoolean() + "\ntags: " + tags.subList(0, random.nextInt(4))
                            + "\nauthors: " + authors.subList(0, 1 + random.nextInt(2)) + "\n---\n"
                            + "word ".repeat(random.nextInt(900)) + "\n");
        }
        return folder;
    }

    private JsonNode list(Map<String, List<String>> params) throws Throwable {
        // The blog lookup opens a Hibernate Reactive session, which needs a Vert.x context.
        Blog blog = VertxContextSupport.subscribeAndAwait(() -> blogs.find(generated.blog()))
                .orElseThrow();
        return JSON.readTree(posts.list(blog, "post", PostService.PARSER.list(params))
                .await()
                .indefinitely());
    }

    /** The blog as the API lists it without a filter: the values the reference evaluation works on. */
    private TestBlogModel readModel() throws Throwable {
        List<TestBlogModel.Post> all = new ArrayList<>();
        for (JsonNode p : list(Map.of(
                        "limit",
                        List.of("100"),
                        "include",
                        List.of("authors"),
                        "fields",
                        List.of("id,slug,tags,authors,featured,published_at,updated_at,reading_time,word_count")))
                .path("posts")) {
            List<String> tags = new ArrayList<>();
            p.path("tags").forEach(t -> tags.add(t.path("slug").asText()));
            List<String> authors = new ArrayList<>();
            p.path("authors").forEach(a -> authors.add(a.path("username").asText()));
            all.add(new TestBlogModel.Post(
                    p.path("id").asText(),
                    p.path("slug").asText(),
                    tags,
                    authors,
                    p.path("featured").asBoolean(),
                    Instant.parse(p.path("published_at").asText()),
                    Instant.parse(p.path("updated_at").asText()),
                    p.path("reading_time").asInt(),
                    p.path("word_count").asInt()));
        }
        return new TestBlogModel(all, TAGS, AUTHORS);
    }

    @Test
    void filterWhenRandomExpressionsThenSqlAgreesWithReferenceEvaluation() throws Throwable {
        assertThat(model.posts()).hasSize(40);
        assertThat(model.posts().stream()
                        .map(TestBlogModel.Post::readingTime)
                        .distinct()
                        .count())
                .isGreaterThan(2);
        Random random = new Random(SEED);
        FilterGenerator generator = new FilterGenerator(random, model);
        int nonEmpty = 0;
        for (int i = 0; i < 250; i++) {
            Filter tree = generator.tree(3);
            String text = generator.spell(tree);
            List<String> expected = model.posts().stream()
                    .filter(p -> TestBlogModel.matches(tree, p))
                    .map(TestBlogModel.Post::slug)
                    .toList();
            List<String> actual = new ArrayList<>();
            list(Map.of("filter", List.of(text), "limit", List.of("100"), "fields", List.of("slug")))
                    .path("posts")
                    .forEach(p -> actual.add(p.path("slug").asText()));
            assertThat(actual).as("filter %s (seed %d, case %d)", text, SEED, i).isEqualTo(expected);
            nonEmpty += expected.isEmpty() || expected.size() == model.posts().size() ? 0 : 1;
        }
        // The generator must produce discriminating filters, not only "all" or "none".
        assertThat(nonEmpty).isGreaterThan(100);
    }

    private static RequestSpecification api() {
        return given().header("Authorization", "Key " + generated.key())
                .basePath("/api/content/v1/blogs/" + generated.blog());
    }

    @Test
    void filterWhenMalformedThen400EnvelopeWithPosition() {
        api().queryParam("filter", "tag:soup+featured:maybe")
                .get("/posts")
                .then()
                .statusCode(400)
                .header("Cache-Control", "no-store")
                .body("errors[0].type", equalTo("BadRequestError"))
                .body("errors[0].code", equalTo("invalid_filter"))
                .body("errors[0].message", containsString("position 19"));
        api().queryParam("filter", "x".repeat(2_001)).get("/posts").then().statusCode(400);
    }

    @Test
    void filterWhenSqlInValueThenPlainValueNoMatch() {
        api().queryParam("filter", "tag:'x\\' OR 1=1 --'")
                .get("/posts")
                .then()
                .statusCode(200)
                .body("meta.pagination.total", equalTo(0));
        api().queryParam("filter", "slug:'p1\\' OR \\'1\\'=\\'1'")
                .get("/posts")
                .then()
                .statusCode(200)
                .body("meta.pagination.total", equalTo(0));
    }

    @Test
    void filterWhenCombinedWithTagOrderAndPagesThenAllApply() {
        String slugs = String.join(
                ",",
                model.posts().stream()
                        .filter(p -> p.featured() && p.tags().contains("soup"))
                        .map(TestBlogModel.Post::slug)
                        .toList());
        api().queryParam("filter", "featured:true")
                .queryParam("tag", "soup")
                .queryParam("fields", "slug")
                .queryParam("limit", "all")
                .get("/posts")
                .then()
                .statusCode(200)
                .body("posts.slug.join(',')", equalTo(slugs));
        api().queryParam("filter", "slug:[p1,p2,p3]")
                .queryParam("order", "published_at asc")
                .queryParam("fields", "slug")
                .get("/posts")
                .then()
                .statusCode(200)
                .body("posts.slug", contains("p1", "p2", "p3"));
        api().queryParam("filter", "slug:[p1,p2,p3]")
                .get("/pages")
                .then()
                .statusCode(200)
                .body("meta.pagination.total", equalTo(0));
    }

    @Test
    void filterWhenSameTreeSpelledDifferentlyThenSameETag() {
        String a = api().queryParam("filter", "tags:[soup, salad]+featured:true")
                .get("/posts")
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        String b = api().queryParam("filter", "tag:['soup','salad'] featured:true")
                .get("/posts")
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        String c = api().queryParam("filter", "tag:[soup,salad]")
                .get("/posts")
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
    }
}
