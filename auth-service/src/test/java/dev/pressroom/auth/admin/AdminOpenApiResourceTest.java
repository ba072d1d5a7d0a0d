package dev.pressroom.auth.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.kernel.testing.OpenApiConformance;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The admin API's OpenAPI document (/q/openapi on the management port) against real answers: every route of the
 * document is called, every field of every answer is documented with its type, every documented field turns up.
 */
@QuarkusTest
class AdminOpenApiResourceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode document() throws Exception {
        return JSON.readTree(Admin.management()
                .queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
    }

    /** Checks one real answer against the document's schema for it; remembers the route as called. */
    private static final class Calls {
        final JsonNode document;
        final OpenApiConformance conformance;
        final List<String> findings = new ArrayList<>();
        final Set<String> called = new TreeSet<>();

        Calls(JsonNode document) {
            this.document = document;
            this.conformance = new OpenApiConformance(document);
        }

        JsonNode check(String method, String template, Response response, int status) throws Exception {
            JsonNode answer =
                    JSON.readTree(response.then().statusCode(status).extract().asByteArray());
            called.add(method + " " + template);
            findings.addAll(conformance.check(
                    conformance.answerSchema(method, template, status),
                    answer,
                    method + " " + template + " " + status));
            return answer;
        }

        /** An answer without a body: the document must promise none. */
        void checkEmpty(String method, String template, Response response, int status) {
            response.then().statusCode(status);
            assertThat(response.asString())
                    .as(method + " " + template + " body")
                    .isEmpty();
            called.add(method + " " + template);
            assertThat(document.path("paths")
                            .path(template)
                            .path(method)
                            .path("responses")
                            .has(String.valueOf(status)))
                    .as(method + " " + template + " " + status + " documented")
                    .isTrue();
            assertThatThrownBy(() -> conformance.answerSchema(method, template, status))
                    .as(method + " " + template + " " + status + " documented without a body")
                    .hasMessageContaining("No JSON schema");
        }
    }

    @Test
    void openApiWhenEveryAdminRouteIsCalledThenEachFieldDocumentedAndEachDocumentedFieldPresent() throws Exception {
        JsonNode document = document();
        Calls calls = new Calls(document);
        String email = "openapi-" + UUID.randomUUID() + "@example.test";
        Map<String, Object> account = Map.of("email", email, "password", "correct horse battery", "name", "Ann");
        String accountId = calls.check(
                        "post", "/admin/accounts", Admin.admin().body(account).post("/admin/accounts"), 201)
                .path("id")
                .asText();
        calls.check("post", "/admin/accounts", Admin.admin().body(account).post("/admin/accounts"), 409);
        calls.check(
                "post",
                "/admin/accounts",
                Admin.admin().body(Map.of("email", "x")).post("/admin/accounts"),
                400);
        String clientId = "openapi-" + UUID.randomUUID().toString().substring(0, 8);
        calls.check(
                "put",
                "/admin/clients/{id}",
                Admin.admin()
                        .body(Map.of(
                                "client_name",
                                "OpenAPI app",
                                "redirect_uris",
                                List.of("https://app.example.test/callback"),
                                "scope",
                                "openid profile",
                                "logo_uri",
                                "https://app.example.test/logo.png",
                                "client_uri",
                                "https://app.example.test/",
                                "policy_uri",
                                "https://app.example.test/privacy",
                                "tos_uri",
                                "https://app.example.test/terms",
                                "backchannel_logout_uri",
                                "http://127.0.0.1:9/backchannel"))
                        .put("/admin/clients/" + clientId),
                200);
        calls.check(
                "post",
                "/admin/clients/{id}/verify",
                Admin.admin().body(Map.of("verified_by", "ops")).post("/admin/clients/" + clientId + "/verify"),
                200);
        calls.check(
                "post",
                "/admin/clients/{id}/verify",
                Admin.admin().body(Map.of("verified_by", "ops")).post("/admin/clients/no-such-client/verify"),
                404);
        calls.check(
                "post",
                "/admin/accounts/{id}/roles",
                Admin.admin()
                        .body(Map.of("client_id", clientId, "role", "editor"))
                        .post("/admin/accounts/" + accountId + "/roles"),
                200);
        calls.check(
                "post",
                "/admin/accounts/{id}/roles",
                Admin.admin()
                        .body(Map.of("client_id", clientId, "role", "editor"))
                        .post("/admin/accounts/" + UUID.randomUUID() + "/roles"),
                404);
        calls.check(
                "post",
                "/admin/accounts/{id}/licenses",
                Admin.admin()
                        .body(Map.of("product", "pressroom", "plan", "pro", "status", "active", "major_version", 2))
                        .post("/admin/accounts/" + accountId + "/licenses"),
                200);
        calls.checkEmpty(
                "post",
                "/admin/accounts/{id}/logout",
                Admin.admin().post("/admin/accounts/" + accountId + "/logout"),
                204);
        calls.check(
                "post",
                "/admin/accounts/{id}/logout",
                Admin.admin().post("/admin/accounts/" + UUID.randomUUID() + "/logout"),
                404);
        calls.check(
                "post",
                "/admin/initial-access-tokens",
                Admin.admin().body(Map.of("count", 2, "expires_in", 600)).post("/admin/initial-access-tokens"),
                201);
        calls.check(
                "get", "/admin/events", Admin.admin().queryParam("limit", "2").get("/admin/events"), 200);
        calls.check(
                "get",
                "/admin/events",
                Admin.admin().queryParam("limit", "zero").get("/admin/events"),
                400);
        calls.check("get", "/admin/keys", Admin.admin().get("/admin/keys"), 200);
        String kid = calls.check("post", "/admin/keys", Admin.admin().post("/admin/keys"), 201)
                .path("kid")
                .asText();
        calls.check("post", "/admin/keys/{kid}/publish", Admin.admin().post("/admin/keys/" + kid + "/publish"), 200);
        calls.check("post", "/admin/keys/{kid}/activate", Admin.admin().post("/admin/keys/" + kid + "/activate"), 409);
        calls.check("post", "/admin/keys/{kid}/retire", Admin.admin().post("/admin/keys/" + kid + "/retire"), 409);
        calls.check("get", "/admin/keys", Admin.management().get("/admin/keys"), 401);

        Admin.publicApi().get("/q/openapi").then().statusCode(404);

        Set<String> routes = new TreeSet<>();
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue()
                        .properties()
                        .forEach(operation -> routes.add(operation.getKey() + " " + path.getKey())));
        routes.removeIf(route -> route.startsWith("parameters "));
        assertThat(calls.findings)
                .as("answer fields the document lacks or types it gets wrong")
                .isEmpty();
        assertThat(calls.conformance.neverSeen())
                .as("documented fields no answer held")
                .isEmpty();
        // Request bodies only: the routes' own validation (AdminRequestsTest) is what checks them.
        assertThat(calls.conformance.unreachedComponents())
                .as("schemas no answer used")
                .isSubsetOf("ClientMetadata", "NewAccount");
        assertThat(routes).as("every documented route called").isEqualTo(calls.called);
    }
}
