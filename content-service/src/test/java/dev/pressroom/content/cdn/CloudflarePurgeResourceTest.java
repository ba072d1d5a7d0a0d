package dev.pressroom.content.cdn;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.BlogWriter;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import dev.pressroom.kernel.testing.CuttableProxy;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Cloudflare style end to end: Cache-Tag on answers, and a changed author purged as JSON tags with a bearer token. */
@QuarkusTest
@TestProfile(CdnProfile.Cloudflare.class)
class CloudflarePurgeResourceTest {

    private static PurgeReceiver receiver;

    @Inject
    ContentAdmin admin;

    @BeforeAll
    static void startReceiver() throws IOException {
        receiver = PurgeReceiver.start();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.stop();
    }

    @Test
    void getWhenCloudflareThenCacheTagCommaSeparatedWithEveryMember() throws IOException {
        TestContent.Loaded blog = TestContent.load(
                admin, TestBlogs.freshName("cdn-cloudflare-get"), TestBlogs.demoCopy(Files.createTempDirectory("cf")));

        Response answer = given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/" + blog.blog() + "/authors");

        List<String> usernames = answer.path("authors.username");
        assertThat(answer.headers().hasHeaderWithName("Surrogate-Key")).isFalse();
        assertThat(answer.header("Cache-Tag"))
                .isEqualTo(blog.blogId() + "," + blog.blogId() + "-authors,"
                        + String.join(
                                ",",
                                usernames.stream()
                                        .map(u -> blog.blogId() + "-author-" + u)
                                        .toList()));
    }

    @Test
    void importWhenAnAuthorRenamedThenTheirTagsArePurgedAsJsonWithABearerToken() throws Exception {
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("cf"));
        TestContent.Loaded blog = TestContent.load(admin, TestBlogs.freshName("cdn-cloudflare-bio"), folder);
        Path yaml = folder.resolve("blog.yaml");
        String text = Files.readString(yaml);
        assertThat(text).contains("name: Ana Ribeiro");
        Files.writeString(yaml, text.replace("name: Ana Ribeiro", "name: Ana Renamed"));
        receiver.requests.clear();

        BlogWriter.Result result = admin.importBlog(blog.blog(), folder);

        String b = blog.blogId();
        // Ana's posts show her name too, so their keys change with hers; nobody else's.
        assertThat(result.changedKeys()).contains(b + "-author-ana", b + "-authors", b + "-posts");
        assertThat(result.changedKeys()).noneMatch(k -> k.contains("-author-") && !k.endsWith("-author-ana"));
        await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.requests.isEmpty());
        PurgeReceiver.Request purge = receiver.requests.get(0);
        assertThat(purge.path()).isEqualTo("/client/v4/zones/test-zone/purge_cache");
        assertThat(purge.headers())
                .containsEntry("authorization", "Bearer test-token")
                .containsEntry("content-type", "application/json");
        assertThat(purge.body())
                .isEqualTo("{\"tags\":["
                        + String.join(
                                ",",
                                result.changedKeys().stream()
                                        .map(k -> "\"" + k + "\"")
                                        .toList())
                        + "]}");
    }

    @Test
    void importWhenRedisIsUnreachableThenTheImportStandsAndNothingIsPurged() throws Exception {
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("cf"));
        String name = TestBlogs.freshName("cdn-cloudflare-down");
        TestContent.load(admin, name, folder);
        Path file = folder.resolve("posts/knife-skills.md");
        Files.writeString(file, Files.readString(file).replace("Three knife cuts", "Five knife cuts"));
        receiver.requests.clear();

        BlogWriter.Result result;
        CuttableProxy.cut(CdnProfile.REDIS_PROXY);
        try {
            result = admin.importBlog(name, folder);
        } finally {
            CuttableProxy.restore(CdnProfile.REDIS_PROXY);
        }

        assertThat(result.changedKeys()).isNotEmpty();
        assertThat(admin.importBlog(name, folder).changedKeys())
                .as("the first import committed: the second finds nothing changed")
                .isEmpty();
        Thread.sleep(1_000); // several delivery rounds, Redis back
        assertThat(receiver.requests).isEmpty();
    }
}
