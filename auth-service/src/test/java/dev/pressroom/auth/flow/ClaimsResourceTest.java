package dev.pressroom.auth.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Claims come from the account's real data: roles per first-party client, licenses in user info. */
@QuarkusTest
class ClaimsResourceTest {

    @Test
    void claimsWhenRolesAndLicensesStoredThenReleasedPerScopeAndClient() throws Exception {
        TestClients app = TestClients.create();
        Admin.admin()
                .body(Map.of("client_id", app.clientId, "role", "editor"))
                .post("/admin/accounts/" + app.accountId + "/roles")
                .then()
                .statusCode(200);
        Admin.admin()
                .body(Map.of("client_id", "some-other-app", "role", "owner"))
                .post("/admin/accounts/" + app.accountId + "/roles")
                .then()
                .statusCode(200);
        Admin.admin()
                .body(Map.of("product", "pressroom", "plan", "pro", "status", "active", "major_version", 2))
                .post("/admin/accounts/" + app.accountId + "/licenses")
                .then()
                .statusCode(200);
        Admin.admin()
                .body(Map.of("product", "pressroom", "plan", "team", "status", "trialing", "major_version", 2))
                .post("/admin/accounts/" + app.accountId + "/licenses")
                .then()
                .statusCode(200);

        Response tokens = app.exchange(app.code(new Browser(), TestClients.ALL_SCOPES));
        JsonNode idClaims = new ObjectMapper()
                .readTree(Base64.getUrlDecoder().decode(((String) tokens.path("id_token")).split("\\.", -1)[1]));
        assertThat(idClaims.get("roles").toString()).isEqualTo("[\"editor\"]");
        assertThat(idClaims.has("licenses")).isFalse();

        Admin.publicApi()
                .header("Authorization", "Bearer " + tokens.path("access_token"))
                .get("/oauth/userinfo")
                .then()
                .statusCode(200)
                .body("roles", equalTo(List.of("editor")))
                .body("licenses.size()", equalTo(1))
                .body("licenses[0].product", equalTo("pressroom"))
                .body("licenses[0].plan", equalTo("team"))
                .body("licenses[0].status", equalTo("trialing"))
                .body("licenses[0].major_version", equalTo(2))
                .body("updated_at", org.hamcrest.Matchers.notNullValue());
    }

    @Test
    void claimsWhenScopesNotGrantedThenNotReleased() {
        TestClients app = TestClients.create();
        Admin.admin()
                .body(Map.of("client_id", app.clientId, "role", "editor"))
                .post("/admin/accounts/" + app.accountId + "/roles");
        String accessToken = app.exchange(app.code(new Browser(), "openid")).path("access_token");
        assertThat(TestClients.userInfo(accessToken)).containsOnlyKeys("sub");
    }

    @Test
    void adminWhenLicenseOrRoleInvalidOrAccountUnknownThenRefused() {
        TestClients app = TestClients.create();
        Admin.admin()
                .body(Map.of("product", "p", "plan", "x", "status", "weird", "major_version", 1))
                .post("/admin/accounts/" + app.accountId + "/licenses")
                .then()
                .statusCode(400);
        Admin.admin()
                .body(Map.of("client_id", "c", "role", "Bad Role!"))
                .post("/admin/accounts/" + app.accountId + "/roles")
                .then()
                .statusCode(400);
        Admin.admin()
                .body(Map.of("client_id", "c", "role", "ok"))
                .post("/admin/accounts/00000000-0000-0000-0000-000000000000/roles")
                .then()
                .statusCode(404);
    }
}
