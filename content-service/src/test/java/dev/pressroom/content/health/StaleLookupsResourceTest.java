package dev.pressroom.content.health;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A blog or key lookup whose TTL ran out while PostgreSQL is unreachable: the last value looked up still answers
 * (stale-if-error, README decisions), so cached answers keep being served; what was never looked up is still a 503.
 */
@QuarkusTest
@TestProfile(ExpiredLookupsProxyProfile.class)
class StaleLookupsResourceTest {

    @Inject
    ContentAdmin admin;

    @AfterEach
    void restore() {
        DatabaseProxyProfile.restore();
    }

    @Test
    void cachedAnswerWhenLookupsExpiredAndDatabaseCutThenServedFromLastLookup() {
        TestContent.Loaded blog = TestContent.demo(admin, "stale-lookups");
        Response before = post(blog, blog.key());
        before.then().statusCode(200);

        DatabaseProxyProfile.cut();
        Response during = post(blog, blog.key());

        during.then().statusCode(200).header("ETag", before.header("ETag"));
        assertThat(during.asByteArray()).isEqualTo(before.asByteArray());
    }

    @Test
    void keyNeverLookedUpWhenDatabaseCutThen503() {
        TestContent.Loaded blog = TestContent.demo(admin, "stale-unknown");
        post(blog, blog.key()).then().statusCode(200);

        DatabaseProxyProfile.cut();

        post(blog, "prc_" + UUID.randomUUID().toString().replace("-", ""))
                .then()
                .statusCode(503)
                .header("Retry-After", "5")
                .body("errors[0].code", equalTo("service_unavailable"));
    }

    @Test
    void readWhenDatabaseBackThenLookupsLoadedAgain() throws SQLException {
        TestContent.Loaded blog = TestContent.demo(admin, "stale-revoked");
        post(blog, blog.key()).then().statusCode(200);
        DatabaseProxyProfile.cut();
        post(blog, blog.key()).then().statusCode(200);
        DatabaseProxyProfile.restore();

        // Stale values only stand in while the database fails: once it answers, a revoked key is refused.
        admin.revokeKeys("stale-revoked", "test");

        post(blog, blog.key()).then().statusCode(401).body("errors[0].code", equalTo("invalid_key"));
    }

    private static Response post(TestContent.Loaded blog, String key) {
        return given().header("Authorization", "Key " + key)
                .get("/api/content/v1/blogs/" + blog.blog() + "/posts/knife-skills");
    }
}
