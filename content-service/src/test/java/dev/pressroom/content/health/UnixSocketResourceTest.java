package dev.pressroom.content.health;

import static dev.pressroom.content.observe.Management.management;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** A same-host PostgreSQL reached through its Unix domain socket (Vert.x's epoll transport) serves reads as over TCP. */
@QuarkusTest
@TestProfile(UnixSocketProfile.class)
class UnixSocketResourceTest {

    @Inject
    ContentAdmin admin;

    @Inject
    Pool pool;

    @Test
    void readWhenPoolOnUnixSocketThenPostsAnswerOverIt() {
        // inet_client_addr() is NULL exactly for a connection that came through the Unix socket.
        boolean overSocket = pool.query("SELECT inet_client_addr() IS NULL")
                .execute()
                .await()
                .indefinitely()
                .iterator()
                .next()
                .getBoolean(0);
        assertThat(overSocket).isTrue();

        TestContent.Loaded blog = TestContent.demo(admin, "socket-demo");
        given().header("Authorization", "Key " + blog.key())
                .get("/api/content/v1/blogs/socket-demo/posts/knife-skills")
                .then()
                .statusCode(200)
                .body("posts[0].title", equalTo("Three knife cuts worth learning"));
        management().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }
}
