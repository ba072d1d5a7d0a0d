package dev.pressroom.auth.admin;

import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The admin API lives only on the management interface and needs the admin token. */
@QuarkusTest
class AdminRoutesResourceTest {

    @Test
    void adminWhenNoOrWrongTokenThen401() {
        Admin.management()
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(401)
                .body("error", equalTo("unauthorized"));
        Admin.management()
                .header("Authorization", "Bearer test-admin-tokex")
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(401);
    }

    @Test
    void adminWhenCalledOnPublicPortThenNotFound() {
        RestAssured.given()
                .header("Authorization", "Bearer " + Admin.TOKEN)
                .post("/admin/initial-access-tokens")
                .then()
                .statusCode(404);
    }

    @Test
    void createAccountWhenEmailTakenThen409() {
        String email = "dup-" + System.nanoTime() + "@example.test";
        Admin.createAccount(email, "long enough password", "Dup");
        Admin.admin()
                .body(Map.of(
                        "email", email.toUpperCase(Locale.ROOT), "password", "long enough password", "name", "Dup"))
                .post("/admin/accounts")
                .then()
                .statusCode(409)
                .body("error", equalTo("account_exists"));
    }

    @Test
    void createAccountWhenInvalidThen400() {
        Admin.admin()
                .body(Map.of("email", "nope", "password", "short", "name", ""))
                .post("/admin/accounts")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"));
        Admin.admin().body("[not json").post("/admin/accounts").then().statusCode(400);
    }

    @Test
    void saveClientWhenCalledTwiceThenSecretRotated() {
        String id = "rot-" + System.nanoTime();
        String first =
                Admin.saveClient(id, List.of("http://127.0.0.1:9999/cb"), "openid", "client_secret_basic", List.of());
        String second =
                Admin.saveClient(id, List.of("http://127.0.0.1:9999/cb"), "openid", "client_secret_basic", List.of());
        org.assertj.core.api.Assertions.assertThat(second).isNotEqualTo(first);
    }

    @Test
    void saveClientWhenStaffChangeAVerifiedFirstPartyClientThenBadgeKept() {
        String id = "kept-" + System.nanoTime();
        Admin.saveClient(id, List.of("http://127.0.0.1:9999/cb"), "openid", "client_secret_basic", List.of());
        Admin.admin()
                .body(Map.of("verified_by", "staff"))
                .post("/admin/clients/" + id + "/verify")
                .then()
                .statusCode(200);
        Admin.admin()
                .body(Map.of(
                        "client_name",
                        "Renamed by staff",
                        "redirect_uris",
                        List.of("http://127.0.0.1:9999/other"),
                        "scope",
                        "openid"))
                .put("/admin/clients/" + id)
                .then()
                .statusCode(200)
                .body("client_name", equalTo("Renamed by staff"))
                .body("verified", equalTo(true));
    }

    @Test
    void saveClientWhenRedirectUriInvalidThen400() {
        Admin.admin()
                .body(Map.of("client_name", "x", "redirect_uris", List.of("http://example.org/cb"), "scope", "openid"))
                .put("/admin/clients/bad-client")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_redirect_uri"));
    }

    @Test
    void verifyWhenUnknownClientThen404() {
        Admin.admin()
                .body(Map.of("verified_by", "staff"))
                .post("/admin/clients/no-such-client/verify")
                .then()
                .statusCode(404);
    }

    @Test
    void createAccountWhenSeveralMembersWrongThenOneInvalidRequestNamingEach() {
        Admin.admin()
                .body(Map.of("email", "nope", "password", "short"))
                .post("/admin/accounts")
                .then()
                .statusCode(400)
                .header("Cache-Control", "no-store")
                .body("error", equalTo("invalid_request"))
                .body(
                        "error_description",
                        equalTo("email must be an email address; name is required; "
                                + "password must have at least 8 characters."));
        Admin.admin()
                .body("null")
                .post("/admin/accounts")
                .then()
                .statusCode(400)
                .body("error_description", equalTo("The body is empty."));
    }

    @Test
    void accountRoutesWhenIdNotAUuidOrUnknownThen400Or404() {
        Admin.admin()
                .body(Map.of("client_id", "some-app", "role", "editor"))
                .post("/admin/accounts/not-a-uuid/roles")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("error_description", equalTo("account_id must be an account id (a UUID)."));
        Admin.admin()
                .body(Map.of("product", "blog", "plan", "pro", "status", "active", "major_version", 2))
                .post("/admin/accounts/" + java.util.UUID.randomUUID() + "/licenses")
                .then()
                .statusCode(404)
                .body("error", equalTo("not_found"));
    }

    @Test
    void grantRoleAndSaveLicenseWhenMembersWrongThenInvalidRequest() {
        String id = Admin.createAccount("lic-" + System.nanoTime() + "@example.test", "long enough password", "Lic");
        Admin.admin()
                .body(Map.of("client_id", "some-app", "role", "Editor!"))
                .post("/admin/accounts/" + id + "/roles")
                .then()
                .statusCode(400)
                .body("error_description", equalTo("role must be 1 to 64 of a-z 0-9 _ : -."));
        Admin.admin()
                .body(Map.of("product", "blog", "plan", "pro", "status", "lapsed", "major_version", -1))
                .post("/admin/accounts/" + id + "/licenses")
                .then()
                .statusCode(400)
                .body(
                        "error_description",
                        equalTo("major_version must be 0 or more; "
                                + "status must be one of active, trialing, past_due, canceled, expired."));
        Admin.admin()
                .body(Map.of("product", "blog", "plan", "pro", "status", "trialing", "major_version", 2))
                .post("/admin/accounts/" + id + "/licenses")
                .then()
                .statusCode(200)
                .body("status", equalTo("trialing"));
    }

    @Test
    void saveClientWhenIdOrProvisionedSecretWrongThenInvalidRequest() {
        Map<String, Object> metadata = Map.of(
                "client_name", "x", "redirect_uris", List.of("http://127.0.0.1:9999/cb"), "client_secret", "short");
        Admin.admin()
                .body(metadata)
                .put("/admin/clients/ok-client")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("error_description", equalTo("client_secret must have 32 to 256 characters when provisioned."));
        Admin.admin()
                .body(metadata)
                .put("/admin/clients/no")
                .then()
                .statusCode(400)
                .body("error_description", equalTo("client_id must be 3 to 64 of A-Z a-z 0-9 . _ -."));
    }

    @Test
    void saveClientWhenScopeUnknownThenRefusedNotNarrowed() {
        Admin.admin()
                .body(Map.of(
                        "client_name",
                        "x",
                        "redirect_uris",
                        List.of("http://127.0.0.1:9999/cb"),
                        "scope",
                        "openid rol"))
                .put("/admin/clients/typo-" + System.nanoTime())
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_client_metadata"));
    }

    @Test
    void verifyWhenVerifiedByBlankThenInvalidRequest() {
        Admin.admin()
                .body(Map.of("verified_by", " "))
                .post("/admin/clients/no-such-client/verify")
                .then()
                .statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body(
                        "error_description",
                        equalTo("verified_by is required (who checked the operator and redirect URIs)."));
    }
}
