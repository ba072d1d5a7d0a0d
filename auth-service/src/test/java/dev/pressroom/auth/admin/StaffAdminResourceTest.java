package dev.pressroom.auth.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.IssuerOnTestPortProfile;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Staff sign in like everyone else: their access token for the staff console client opens the admin API,
 * checked by quarkus-oidc through this provider's introspection (the issuer must be reachable, hence the profile).
 */
@QuarkusTest
@TestProfile(IssuerOnTestPortProfile.class)
class StaffAdminResourceTest {

    private static final String STAFF_CLIENT = "pressroom-staff";
    private static final String STAFF_SECRET = "test-staff-client-secret-0123456789abcdef";

    @BeforeAll
    static void staffClient() {
        Admin.admin()
                .body(Map.of(
                        "client_name",
                        "Staff console",
                        "redirect_uris",
                        List.of(TestClients.REDIRECT),
                        "scope",
                        "openid roles",
                        "client_secret",
                        STAFF_SECRET))
                .put("/admin/clients/" + STAFF_CLIENT)
                .then()
                .statusCode(200)
                .body("client_secret", equalTo(STAFF_SECRET));
    }

    @Test
    void adminWhenStaffAccessTokenThenAllowed() {
        TestClients person = TestClients.forClient(STAFF_CLIENT, STAFF_SECRET);
        Admin.admin()
                .body(Map.of("client_id", STAFF_CLIENT, "role", "staff"))
                .post("/admin/accounts/" + person.accountId + "/roles")
                .then()
                .statusCode(200);
        String accessToken =
                person.exchange(person.code(new Browser(), "openid roles")).path("access_token");
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(STAFF_CLIENT, STAFF_SECRET)
                .formParam("token", accessToken)
                .post("/oauth/introspect")
                .then()
                .statusCode(200)
                .body("active", equalTo(true))
                .body("roles", equalTo(List.of("staff")));
        Admin.management()
                .header("Authorization", "Bearer " + accessToken)
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(201);
        Admin.management()
                .header("Authorization", "Bearer " + accessToken)
                .get("/admin/events")
                .then()
                .statusCode(200);
        Map<String, Object> call = AuditEvents.await(
                Map.of("type", "admin_call", "account_id", person.accountId),
                e -> "/admin/initial-access-tokens".equals(AuditEvents.detail(e, "path")));
        assertThat(AuditEvents.detail(call, "actor")).isEqualTo("staff");
        assertThat(AuditEvents.detail(call, "status")).isEqualTo(201);
        assertThat(call.toString()).doesNotContain(accessToken);
    }

    @Test
    void adminWhenAccessTokenWithoutStaffRoleThen403() {
        TestClients person = TestClients.forClient(STAFF_CLIENT, STAFF_SECRET);
        String accessToken =
                person.exchange(person.code(new Browser(), "openid roles")).path("access_token");
        Admin.management()
                .header("Authorization", "Bearer " + accessToken)
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(403)
                .body("error", equalTo("forbidden"));
        Admin.management()
                .header("Authorization", "Bearer " + accessToken)
                .get("/admin/events")
                .then()
                .statusCode(403)
                .body("error", equalTo("forbidden"));
        Map<String, Object> call = AuditEvents.await(
                Map.of("type", "admin_call", "account_id", person.accountId),
                e -> "/admin/events".equals(AuditEvents.detail(e, "path")));
        assertThat(AuditEvents.detail(call, "actor")).isEqualTo("refused");
        assertThat(AuditEvents.detail(call, "status")).isEqualTo(403);
    }

    @Test
    void adminWhenTokenOfAnotherClientOrUnknownThen401() {
        TestClients other = TestClients.create();
        Admin.admin()
                .body(Map.of("client_id", other.clientId, "role", "staff"))
                .post("/admin/accounts/" + other.accountId + "/roles")
                .then()
                .statusCode(200);
        String foreign =
                other.exchange(other.code(new Browser(), "openid roles")).path("access_token");
        Admin.management()
                .header("Authorization", "Bearer " + foreign)
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(401);
        Admin.management()
                .header("Authorization", "Bearer made-up")
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(401);
    }
}
