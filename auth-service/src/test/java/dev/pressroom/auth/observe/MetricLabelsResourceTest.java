package dev.pressroom.auth.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.testing.MetricsScrape;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No metric label carries what a caller typed: Quarkus's uri label is the route template on the public port and on the
 * admin API, /unmatched for unknown paths (kernel RouteLabels), /admin/* for admin requests refused before their route
 * matched.
 */
@QuarkusTest
class MetricLabelsResourceTest {

    @Test
    void labelsWhenPathsAndQueriesCarryCallerStringsThenOnlyTemplates() {
        String typed = "typed" + Tokens.random(12).replace('-', 'x').replace('_', 'y');
        RestAssured.given().get("/no/such/" + typed).then().statusCode(404);
        RestAssured.given().get("/oauth/token/" + typed).then().statusCode(404);
        RestAssured.given().get("/oauth/token").then().statusCode(405);
        RestAssured.given().get("/oauth/register/" + typed).then().statusCode(401);
        RestAssured.given().get("/oauth/authorize?client_id=" + typed).then().statusCode(400);
        RestAssured.given()
                .contentType("application/x-www-form-urlencoded")
                .body("grant_type=" + typed)
                .post("/oauth/token?code=" + typed)
                .then()
                .statusCode(400);
        Admin.management().post("/admin/accounts/" + typed + "/roles").then().statusCode(401);
        Admin.management().get("/admin/" + typed).then().statusCode(401);
        Admin.admin()
                .body("{}")
                .post("/admin/accounts/" + typed + "/roles")
                .then()
                .statusCode(400);
        Admin.admin().get("/admin/accounts/" + typed + "/roles").then().statusCode(405);
        Admin.admin()
                .body("{}")
                .post("/admin/keys/" + typed + "/publish")
                .then()
                .statusCode(409);
        Admin.admin().get("/admin/" + typed).then().statusCode(404);
        Admin.admin().queryParam("client_id", typed).get("/admin/events").then().statusCode(200);
        Admin.management().get("/q/" + typed).then().statusCode(404);

        MetricsScrape metrics = Admin.scrape();

        assertThat(metrics.samples())
                .allSatisfy(sample -> assertThat(sample.labels().values())
                        .as(sample.name())
                        .noneMatch(value -> value.contains(typed)));
        List<String> uris = metrics.find("http_server_requests_seconds_count").stream()
                .map(sample -> sample.labels().get("uri"))
                .toList();
        assertThat(uris)
                .contains(
                        "/unmatched",
                        "/oauth/token",
                        "/oauth/register/{clientId}",
                        "/oauth/authorize",
                        "/admin/accounts/{id}/roles",
                        "/admin/keys/{kid}/publish",
                        "/admin/events",
                        "/admin/*");
    }
}
