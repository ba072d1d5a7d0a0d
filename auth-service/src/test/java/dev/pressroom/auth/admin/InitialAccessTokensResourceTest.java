package dev.pressroom.auth.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Initial access tokens with a count and an expiry (admin API); one use by default, every use audited. */
@QuarkusTest
class InitialAccessTokensResourceTest {

    private static final Map<String, Object> METADATA =
            Map.of("client_name", "Fleet blog", "redirect_uris", List.of("https://fleet.example.org/cb"));

    @Inject
    TestClock clock;

    private final ExecutorService pool = Executors.newFixedThreadPool(8);

    @AfterEach
    void reset() {
        clock.reset();
        pool.shutdownNow();
    }

    @Test
    void mintWhenNoBodyThenOneUseWithinTheConfiguredLifetime() {
        Response minted = Admin.admin().post("/admin/initial-access-tokens");
        minted.then().statusCode(201).body("max_uses", equalTo(1));
        long expiresAt = minted.<Number>path("expires_at").longValue();
        assertThat(expiresAt - clock.instant().getEpochSecond()).isBetween(7 * 86_400L - 60, 7 * 86_400L);
        String token = minted.path("initial_access_token");
        register(token).then().statusCode(201);
        register(token).then().statusCode(401).body("error", equalTo("invalid_token"));
    }

    @Test
    void registerWhenTokenOfThreeUsesRacedByEightThenExactlyThreeClientsAndEachUseAudited() throws Exception {
        Response minted = mint(Map.of("count", 3));
        String token = minted.path("initial_access_token");
        List<Future<Response>> racers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            racers.add(pool.submit((Callable<Response>) () -> register(token)));
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Response> racer : racers) {
            statuses.add(racer.get().statusCode());
        }
        assertThat(statuses).filteredOn(s -> s == 201).hasSize(3);
        assertThat(statuses).filteredOn(s -> s == 401).hasSize(5);
        List<Map<String, Object>> uses = AuditEvents.awaitAll(
                Map.of("type", "client_registered"),
                e -> minted.path("id").equals(AuditEvents.detail(e, "initial_access_token")),
                3);
        assertThat(uses).hasSize(3);
        assertThat(uses).extracting(e -> AuditEvents.detail(e, "use")).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(uses)
                .allSatisfy(e -> assertThat(AuditEvents.detail(e, "max_uses")).isEqualTo(3));
    }

    @Test
    void registerWhenTokenExpiredThenInvalidTokenWhateverUsesAreLeft() {
        Response minted = mint(Map.of("count", 5, "expires_in", 600));
        minted.then().statusCode(201).body("max_uses", equalTo(5));
        assertThat(minted.<Number>path("expires_at").longValue()
                        - clock.instant().getEpochSecond())
                .isBetween(590L, 600L);
        String token = minted.path("initial_access_token");
        register(token).then().statusCode(201);
        clock.advance(Duration.ofSeconds(601));
        register(token).then().statusCode(401).body("error", equalTo("invalid_token"));
    }

    @Test
    void mintWhenCountOrExpiryOutOfBoundsThenInvalidRequestNamingEach() {
        mint(Map.of("count", 0, "expires_in", 59))
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("error_description", containsString("count must be 1 to 1000"))
                .body("error_description", containsString("expires_in must be 60 to 7776000 seconds"));
        mint(Map.of("count", 1001)).then().statusCode(400);
        mint(Map.of("expires_in", 7_776_001)).then().statusCode(400);
    }

    private static Response mint(Map<String, Object> body) {
        return Admin.admin().body(body).post("/admin/initial-access-tokens");
    }

    private static Response register(String token) {
        return RestAssured.given()
                .header("Authorization", "Bearer " + token)
                .contentType(ContentType.JSON)
                .body(METADATA)
                .post("/oauth/register");
    }
}
