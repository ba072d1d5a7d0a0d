package dev.pressroom.auth.admin;

import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.util.List;
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
                .body(Map.of("email", email.toUpperCase(), "password", "long enough password", "name", "Dup"))
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
}
