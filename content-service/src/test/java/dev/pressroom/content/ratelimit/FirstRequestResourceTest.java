package dev.pressroom.content.ratelimit;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.content.api.TestContent;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.kernel.ratelimit.SharedWindows;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.redis.client.Command;
import io.vertx.mutiny.redis.client.Redis;
import io.vertx.mutiny.redis.client.RedisConnection;
import io.vertx.mutiny.redis.client.Request;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A new replica connects to Redis and loads the limit script at startup, so its first request is counted in Redis
 * within the production timeout instead of waiting on a cold connection and falling back to local limiting.
 */
@QuarkusTest
@TestProfile(ProductionTimeoutProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FirstRequestResourceTest {

    @Inject
    ContentAdmin admin;

    @Inject
    RedisDataSource redis;

    @Inject
    Vertx vertx;

    @ConfigProperty(name = "quarkus.redis.hosts")
    String redisUrl;

    @ConfigProperty(name = "content.redis.db")
    int redisDb;

    @Test
    @Order(1)
    void startWhenNoRequestYetThenConnectedAndScriptRun() {
        // Seen from a connection of the test's own: the service's connection to the test database, its last command
        // the script, by its digest (EVALSHA) or whole (EVAL) where this Redis did not hold it yet.
        List<String> clients = clientList();
        assertThat(clients)
                .anySatisfy(client ->
                        assertThat(client).contains(" db=" + redisDb + " ").containsPattern(" cmd=eval(sha)? "));
    }

    @Test
    @Order(2)
    void firstRequestWhenFreshInstanceThenCountedInRedis() {
        TestContent.Loaded blog = TestContent.demo(admin, "first-request");
        String address = "198.51.100.7";
        redis.key().del(SharedWindows.redisKey("rl:", "a:" + address));

        given().header("X-Forwarded-For", address)
                .queryParam("key", blog.key())
                .get("/api/content/v1/blogs/first-request/settings")
                .then()
                .statusCode(200);

        assertThat(redis.value(Long.class).get(SharedWindows.redisKey("rl:", "a:" + address)))
                .isEqualTo(1L);
    }

    private List<String> clientList() {
        Redis client = Redis.createClient(vertx, redisUrl);
        try {
            RedisConnection connection = client.connect().await().indefinitely();
            String list = connection
                    .send(Request.cmd(Command.CLIENT).arg("LIST"))
                    .await()
                    .indefinitely()
                    .toString();
            connection.close().await().indefinitely();
            return Arrays.stream(list.split("\n"))
                    .map(line -> " " + line.strip() + " ")
                    .toList();
        } finally {
            client.close();
        }
    }
}
