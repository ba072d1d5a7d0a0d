package dev.pressroom.content.cache;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

import dev.pressroom.content.api.Answer;
import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.blog.BlogDirectory;
import dev.pressroom.content.blog.BlogRepository;
import dev.pressroom.content.cdn.EdgeCaching;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.content.paging.ListQuery;
import dev.pressroom.content.post.PostQueries;
import dev.pressroom.content.post.PostService;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.response.Response;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ETag, 304, Cache-Control, and the answer cache's invalidation by import, over HTTP and across two instances. */
@QuarkusTest
class CachingResourceTest {

    private static final String CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";
    private static TestContent.Loaded blog;
    private static TestContent.Loaded other;

    @Inject
    ContentAdmin admin;

    @Inject
    ContentConfig config;

    @Inject
    Vertx vertx;

    @Inject
    BlogRepository blogRepository;

    @ConfigProperty(name = "quarkus.datasource.reactive.url")
    String reactiveUrl;

    @ConfigProperty(name = "quarkus.datasource.username")
    String user;

    @BeforeEach
    void load() {
        if (blog == null) {
            blog = TestContent.demo(admin, "cache-demo");
            other = TestContent.demo(admin, "cache-other");
        }
    }

    private static Response get(TestContent.Loaded loaded, String path) {
        return given().header("Authorization", "Key " + loaded.key())
                .get("/api/content/v1/blogs/" + loaded.blog() + path);
    }

    /** Single flight over HTTP: requests that miss one key together share its computation and all get the answer. */
    @Test
    void getWhenConcurrentRequestsOnColdKeysThenAllGetTheSameAnswer() throws Exception {
        String[] paths = {
            "/posts?limit=3&fields=slug,title&page=2",
            "/tags/baking",
            "/authors/cleo",
            "/posts/not-there-yet",
            "/sitemap-posts.xml"
        };
        ExecutorService clients = Executors.newFixedThreadPool(24);
        try {
            for (String path : paths) {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Response>> answers = new ArrayList<>();
                for (int i = 0; i < 24; i++) {
                    answers.add(clients.submit(() -> {
                        start.await();
                        return get(other, path);
                    }));
                }
                start.countDown();
                Response first = answers.get(0).get(30, TimeUnit.SECONDS);
                for (Future<Response> answer : answers) {
                    Response response = answer.get(30, TimeUnit.SECONDS);
                    assertThat(response.statusCode()).as(path).isEqualTo(first.statusCode());
                    assertThat(response.header("ETag")).as(path).isEqualTo(first.header("ETag"));
                    assertThat(response.asByteArray()).as(path).isEqualTo(first.asByteArray());
                }
                assertThat(first.statusCode()).as(path).isEqualTo(path.contains("not-there") ? 404 : 200);
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void getWhenAnyEndpointThenETagAndCacheControl() {
        for (String path : new String[] {
            "/posts",
            "/posts/tomato-soup",
            "/pages",
            "/pages/about",
            "/tags",
            "/tags/soups",
            "/authors",
            "/authors/ana",
            "/settings"
        }) {
            get(blog, path)
                    .then()
                    .statusCode(200)
                    .header("ETag", matchesPattern("\"[A-Za-z0-9_-]{27}\""))
                    .header("Cache-Control", CACHE_CONTROL);
        }
    }

    @Test
    void getWhenIfNoneMatchMatchesThen304WithoutBody() {
        String etag = get(blog, "/posts").then().extract().header("ETag");
        given().header("Authorization", "Key " + blog.key())
                .header("If-None-Match", etag)
                .get("/api/content/v1/blogs/cache-demo/posts")
                .then()
                .statusCode(304)
                .header("ETag", etag)
                .header("Cache-Control", CACHE_CONTROL)
                .header("Vary", "Authorization, Origin")
                .body(emptyString());
    }

    @Test
    void getWhenNoCdnConfiguredThenNoSurrogateKeysAndTheSpecsCacheControl() {
        for (String path : new String[] {"/posts", "/posts/knife-skills", "/tags", "/settings"}) {
            Response answer = get(blog, path);
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.header("Cache-Control")).isEqualTo(CACHE_CONTROL);
            assertThat(answer.headers().hasHeaderWithName("Surrogate-Key")).isFalse();
            assertThat(answer.headers().hasHeaderWithName("Cache-Tag")).isFalse();
        }
    }

    @Test
    void getWhenIfNoneMatchWeakOrListOrStarThen304() {
        String etag = get(blog, "/tags").then().extract().header("ETag");
        for (String condition : new String[] {"W/" + etag, "\"other\", " + etag, "*"}) {
            given().header("Authorization", "Key " + blog.key())
                    .header("If-None-Match", condition)
                    .get("/api/content/v1/blogs/cache-demo/tags")
                    .then()
                    .statusCode(304);
        }
    }

    @Test
    void getWhenIfNoneMatchStarOnMissingThen404() {
        given().header("Authorization", "Key " + blog.key())
                .header("If-None-Match", "*")
                .get("/api/content/v1/blogs/cache-demo/posts/nothing")
                .then()
                .statusCode(404);
    }

    @Test
    void getWhenIfNoneMatchDiffersThenFullAnswer() {
        given().header("Authorization", "Key " + blog.key())
                .header("If-None-Match", "\"stale\"")
                .get("/api/content/v1/blogs/cache-demo/settings")
                .then()
                .statusCode(200)
                .body("settings.title", equalTo("Pressroom Kitchen"));
    }

    @Test
    void getWhenDifferentVariantThenDifferentETag() {
        assertThat(get(blog, "/posts?limit=2").header("ETag"))
                .isNotEqualTo(get(blog, "/posts?limit=3").header("ETag"));
        assertThat(get(blog, "/posts?limit=all").header("ETag"))
                .isEqualTo(get(blog, "/posts?limit=100").header("ETag"));
    }

    @Test
    void getWhenErrorThenNoStore() {
        given().get("/api/content/v1/blogs/cache-demo/posts")
                .then()
                .statusCode(401)
                .header("Cache-Control", "no-store");
        get(blog, "/posts/nothing").then().statusCode(404).header("Cache-Control", "no-store");
    }

    @Test
    void answerWhenSecondInstanceOverSameDatabaseThenSameETagAndBody() throws Throwable {
        Pool replicaPool = Pool.newInstance(PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(2))
                .connectingTo(PgConnectOptions.fromUri(reactiveUrl).setUser(user))
                .using(vertx.getDelegate())
                .build());
        try {
            ListQuery query = PostService.PARSER.list(Map.of());
            // Fresh lookup and answer caches; the posts are read over the replica's own pool.
            BlogDirectory replicaBlogs = new BlogDirectory(blogRepository, config);
            Blog replicaBlog = VertxContextSupport.subscribeAndAwait(() -> replicaBlogs.find("cache-demo"))
                    .orElseThrow();
            PostService replicaPosts = new PostService(new PostQueries(replicaPool, config));
            Answer answer = new Answers(
                            new AnswerCache(config, new SimpleMeterRegistry()),
                            config,
                            new EdgeCaching(config),
                            new SimpleMeterRegistry())
                    .answer(replicaBlog, "posts?" + query.canonical(), null, b -> replicaPosts.list(b, "post", query))
                    .await()
                    .indefinitely();
            Response http = get(blog, "/posts");
            assertThat(answer.etag()).isEqualTo(http.header("ETag"));
            assertThat(answer.body()).isEqualTo(http.asByteArray());
        } finally {
            replicaPool.closeAndAwait();
        }
    }

    @Test
    void getWhenBlogReimportedThenNewETagAndContentWhileOtherBlogKeepsItsETag() throws Exception {
        String before = get(blog, "/posts/knife-skills").header("ETag");
        String otherBefore = get(other, "/posts/knife-skills").header("ETag");
        get(blog, "/posts/knife-skills").then().body("posts[0].title", equalTo("Three knife cuts worth learning"));
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("reimport"));
        TestBlogs.write(
                folder,
                "posts/knife-skills.md",
                TestBlogs.post("Knife cuts, new edition", "2025-09-01T12:00:00Z", "techniques"));
        admin.importBlog("cache-demo", folder);
        Response after = awaitETagChange("/posts/knife-skills", before);
        assertThat(after.jsonPath().getString("posts[0].title")).isEqualTo("Knife cuts, new edition");
        assertThat(get(other, "/posts/knife-skills").header("ETag")).isEqualTo(otherBefore);
        given().header("Authorization", "Key " + blog.key())
                .header("If-None-Match", before)
                .get("/api/content/v1/blogs/cache-demo/posts/knife-skills")
                .then()
                .statusCode(200);
        admin.importBlog("cache-demo", TestBlogs.DEMO);
    }

    private static Response awaitETagChange(String path, String before) {
        return await().atMost(Duration.ofSeconds(10))
                .until(() -> get(blog, path), response -> !before.equals(response.header("ETag")));
    }
}
