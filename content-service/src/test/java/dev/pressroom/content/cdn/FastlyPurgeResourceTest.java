package dev.pressroom.content.cdn;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.BlogWriter;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Fastly style end to end: Surrogate-Key and the edge's Cache-Control on answers, and an import's changed keys purged
 * through the durable queue to a local stand-in of Fastly's purge API.
 */
@QuarkusTest
@TestProfile(CdnProfile.Fastly.class)
class FastlyPurgeResourceTest {

    private static final String EDGE_CACHE_CONTROL =
            "public, max-age=60, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400";
    private static PurgeReceiver receiver;

    @Inject
    ContentAdmin admin;

    @Inject
    ReactiveRedisDataSource redis;

    @BeforeAll
    static void startReceiver() throws IOException {
        receiver = PurgeReceiver.start();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.stop();
    }

    @BeforeEach
    void emptyQueue() {
        List<String> keys = new java.util.ArrayList<>();
        redis.execute("KEYS", CdnPurges.PREFIX + "*").await().indefinitely().forEach(k -> keys.add(k.toString()));
        if (!keys.isEmpty()) {
            redis.execute("DEL", keys.toArray(String[]::new)).await().indefinitely();
        }
        receiver.requests.clear();
        receiver.statuses.clear();
    }

    /** The demo blog, in a folder of its own, as a new blog: its first import changes nothing a CDN holds. */
    private Demo demo(String prefix) throws IOException {
        String name = TestBlogs.freshName(prefix);
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory(prefix));
        return new Demo(TestContent.load(admin, name, folder), folder);
    }

    private record Demo(TestContent.Loaded blog, Path folder) {}

    private static Response get(TestContent.Loaded blog, String path) {
        return given().header("Authorization", "Key " + blog.key()).get("/api/content/v1/blogs/" + blog.blog() + path);
    }

    private static Set<String> keys(Response answer) {
        return Set.of(answer.header("Surrogate-Key").split(" "));
    }

    private void retitleKnifeSkills(Path folder, String title) throws IOException {
        Path file = folder.resolve("posts/knife-skills.md");
        Files.writeString(
                file, Files.readString(file).replace("title: Three knife cuts worth learning", "title: " + title));
    }

    @Test
    void getWhenSinglePostThenItsKeysAndTheEdgesCacheControl() throws IOException {
        TestContent.Loaded blog = demo("cdn-fastly-one").blog();

        Response answer = get(blog, "/posts/knife-skills");

        String id = answer.path("posts[0].id");
        assertThat(answer.header("Cache-Control")).isEqualTo(EDGE_CACHE_CONTROL);
        assertThat(answer.header("Surrogate-Key"))
                .isEqualTo(blog.blogId() + " " + blog.blogId() + "-post-" + id + " " + blog.blogId()
                        + "-tag-techniques " + blog.blogId() + "-author-ana");
        assertThat(answer.headers().hasHeaderWithName("Cache-Tag")).isFalse();
    }

    @Test
    void getWhenListThenListKeyAndEveryMembersKey() throws IOException {
        TestContent.Loaded blog = demo("cdn-fastly-list").blog();

        Response answer = get(blog, "/posts?include=tags");

        List<String> ids = answer.path("posts.id");
        assertThat(ids).hasSizeGreaterThan(2);
        assertThat(keys(answer)).contains(blog.blogId(), blog.blogId() + "-posts", blog.blogId() + "-tag-techniques");
        assertThat(keys(answer))
                .containsAll(
                        ids.stream().map(id -> blog.blogId() + "-post-" + id).toList());
        assertThat(keys(get(blog, "/tags"))).contains(blog.blogId() + "-tags", blog.blogId() + "-tag-techniques");
    }

    @Test
    void getWhenNotModifiedOrUnauthorizedThenNoKeys() throws IOException {
        TestContent.Loaded blog = demo("cdn-fastly-304").blog();
        String etag = get(blog, "/tags").header("ETag");

        Response revalidated = given().header("Authorization", "Key " + blog.key())
                .header("If-None-Match", etag)
                .get("/api/content/v1/blogs/" + blog.blog() + "/tags");
        Response unauthorized = given().get("/api/content/v1/blogs/" + blog.blog() + "/tags");

        assertThat(revalidated.statusCode()).isEqualTo(304);
        assertThat(revalidated.header("Cache-Control")).isEqualTo(EDGE_CACHE_CONTROL);
        assertThat(revalidated.headers().hasHeaderWithName("Surrogate-Key")).isFalse();
        assertThat(unauthorized.statusCode()).isEqualTo(401);
        assertThat(unauthorized.header("Cache-Control")).isEqualTo("no-store");
        assertThat(unauthorized.headers().hasHeaderWithName("Surrogate-Key")).isFalse();
    }

    @Test
    void importWhenOnePostRetitledThenExactlyItsKeyAndThePostsListKeyArePurgedThroughTheHook() throws Exception {
        Demo demo = demo("cdn-fastly-title");
        TestContent.Loaded blog = demo.blog();
        String id = get(blog, "/posts/knife-skills").path("posts[0].id");
        String postKey = blog.blogId() + "-post-" + id;

        retitleKnifeSkills(demo.folder(), "Four knife cuts worth learning");
        BlogWriter.Result result = admin.importBlog(blog.blog(), demo.folder());

        assertThat(result.changedKeys()).containsExactly(postKey, blog.blogId() + "-posts");
        await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.requests.isEmpty());
        PurgeReceiver.Request purge = receiver.requests.get(0);
        assertThat(purge.method()).isEqualTo("POST");
        assertThat(purge.path()).isEqualTo("/service/test-service/purge");
        assertThat(purge.headers())
                .containsEntry("surrogate-key", postKey + " " + blog.blogId() + "-posts")
                .containsEntry("fastly-key", "test-token");
        // The purged key is the one the changed answer carries: the edge drops exactly that answer and the lists.
        assertThat(keys(get(blog, "/posts/knife-skills"))).contains(postKey);
        assertThat(keys(get(blog, "/posts/pantry-staples"))).doesNotContain(postKey, blog.blogId() + "-posts");
        Thread.sleep(500);
        assertThat(receiver.requests).as("one call, delivered once").hasSize(1);
        assertThat(queued()).isZero();
    }

    @Test
    void importWhenNothingChangedThenNothingPurged() throws Exception {
        Demo demo = demo("cdn-fastly-same");

        BlogWriter.Result result = admin.importBlog(demo.blog().blog(), demo.folder());

        assertThat(result.changedKeys()).isEmpty();
        assertThat(queued()).isZero();
        Thread.sleep(1_000); // several delivery rounds
        assertThat(receiver.requests).isEmpty();
    }

    @Test
    void purgeWhenReceiverAnswers500ThenRetriedUntilDelivered() throws Exception {
        Demo demo = demo("cdn-fastly-retry");
        receiver.statuses.add(500);
        receiver.statuses.add(503);

        retitleKnifeSkills(demo.folder(), "Knife cuts, retried");
        BlogWriter.Result result = admin.importBlog(demo.blog().blog(), demo.folder());

        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.requests.size() >= 3);
        assertThat(receiver.requests)
                .extracting(r -> r.headers().get("surrogate-key"))
                .containsOnly(String.join(" ", result.changedKeys()));
        await().atMost(Duration.ofSeconds(5)).until(() -> queued() == 0);
        assertThat(receiver.requests).hasSize(3);
    }

    private long queued() {
        return redis.execute("ZCARD", CdnPurges.PREFIX + "due")
                .await()
                .indefinitely()
                .toLong();
    }
}
