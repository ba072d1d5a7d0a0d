package dev.pressroom.auth.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GET /admin/events: filters, newest first, a cursor to page on, errors in the admin API's shape. */
@QuarkusTest
class AdminEventsResourceTest {

    @Test
    void eventsWhenFilteredByAccountClientAndTypeThenOnlyThose() {
        TestClients app = TestClients.create();
        TestClients other = TestClients.forClient(app.clientId, app.secret);
        app.exchange(app.code(new Browser(), "openid")).then().statusCode(200);
        other.exchange(other.code(new Browser(), "openid")).then().statusCode(200);
        AuditEvents.awaitAll(Map.of("client_id", app.clientId, "type", "consent_given"), e -> true, 2);

        List<Map<String, Object>> mine = AuditEvents.find(Map.of("account_id", app.accountId));
        assertThat(mine).extracting(e -> e.get("type")).containsExactly("consent_given", "sign_in");
        assertThat(mine)
                .allSatisfy(e -> assertThat(e)
                        .containsEntry("account_id", app.accountId)
                        .containsEntry("client_id", app.clientId)
                        .containsKeys("id", "time", "address", "user_agent", "details"));
        assertThat(AuditEvents.find(Map.of("client_id", app.clientId, "type", "sign_in")))
                .extracting(e -> e.get("account_id"))
                .containsExactly(other.accountId, app.accountId);
    }

    @Test
    void eventsWhenTimeWindowGivenThenOnlyEventsWithinIt() {
        TestClients app = TestClients.create();
        Instant start = Instant.now().minusSeconds(1);
        app.exchange(app.code(new Browser(), "openid")).then().statusCode(200);
        AuditEvents.await(Map.of("account_id", app.accountId, "type", "consent_given"), e -> true);
        assertThat(AuditEvents.find(Map.of("account_id", app.accountId, "from", start.toString())))
                .hasSize(2);
        assertThat(AuditEvents.find(Map.of("account_id", app.accountId, "to", start.toString())))
                .isEmpty();
        assertThat(AuditEvents.find(Map.of(
                        "account_id",
                        app.accountId,
                        "from",
                        Instant.now().plusSeconds(60).toString())))
                .isEmpty();
    }

    @Test
    void eventsWhenPagedWithCursorThenEveryEventOnceNewestFirst() {
        TestClients app = TestClients.create();
        String path = "/admin/accounts/" + app.accountId + "/roles";
        for (int i = 0; i < 5; i++) {
            Admin.admin()
                    .body(Map.of("client_id", app.clientId, "role", "r" + i))
                    .post(path)
                    .then()
                    .statusCode(200);
        }
        AuditEvents.awaitAll(
                Map.of("type", "admin_call", "limit", 50), e -> path.equals(AuditEvents.detail(e, "path")), 5);

        List<Object> ids = new ArrayList<>();
        Map<String, Object> query = new HashMap<>(Map.of("type", "admin_call", "limit", 2));
        for (int page = 0; page < 3; page++) {
            Response answer = Admin.admin().queryParams(query).get("/admin/events");
            List<Object> pageIds = answer.path("events.id");
            assertThat(pageIds).hasSize(2);
            ids.addAll(pageIds);
            query.put("cursor", answer.path("next_cursor"));
        }
        assertThat(ids).doesNotHaveDuplicates();
        List<Long> numbers = ids.stream().map(id -> ((Number) id).longValue()).toList();
        assertThat(numbers).isSortedAccordingTo((a, b) -> Long.compare(b, a));
        Admin.admin()
                .queryParams(Map.of("account_id", app.accountId, "type", "consent_given"))
                .get("/admin/events")
                .then()
                .statusCode(200)
                .body("events", equalTo(List.of()))
                .body("next_cursor", equalTo(null));
    }

    @Test
    void eventsWhenFilterMalformedThen400InvalidRequest() {
        for (Map<String, String> bad : List.of(
                Map.of("type", "made_up"),
                Map.of("account_id", "not-a-uuid"),
                Map.of("from", "yesterday"),
                Map.of("limit", "0"),
                Map.of("limit", "201"),
                Map.of("cursor", "abc"),
                Map.of("client_id", "x".repeat(65)))) {
            Admin.admin()
                    .queryParams(bad)
                    .get("/admin/events")
                    .then()
                    .statusCode(400)
                    .body("error", equalTo("invalid_request"))
                    .body(
                            "error_description",
                            startsWith(bad.keySet().iterator().next()));
        }
    }

    @Test
    void eventsWhenNoOrWrongTokenThen401() {
        Admin.management().get("/admin/events").then().statusCode(401).body("error", equalTo("unauthorized"));
        Admin.management()
                .header("Authorization", "Bearer nope")
                .get("/admin/events")
                .then()
                .statusCode(401);
    }
}
