package dev.pressroom.auth.support;

import static io.restassured.RestAssured.given;

import dev.pressroom.kernel.testing.MetricsScrape;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** The admin API on the management interface, as staff and demo.sh call it. */
public final class Admin {

    public static final String TOKEN = "test-admin-token";

    private Admin() {}

    public static int port() {
        return ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
    }

    public static RequestSpecification management() {
        return given().port(port());
    }

    /** One scrape of /q/metrics on the management interface. */
    public static MetricsScrape scrape() {
        return new MetricsScrape(
                management().get("/q/metrics").then().statusCode(200).extract().asString());
    }

    /** The public port, form-encoded, redirects not followed. */
    public static RequestSpecification publicApi() {
        return given().redirects().follow(false).contentType(ContentType.URLENC);
    }

    public static RequestSpecification admin() {
        return management().header("Authorization", "Bearer " + TOKEN).contentType(ContentType.JSON);
    }

    /** Creates an account with a unique email; answers its id. */
    public static String createAccount(String email, String password, String name) {
        return admin().body(Map.of("email", email, "password", password, "name", name, "email_verified", true))
                .post("/admin/accounts")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    /** Creates a first-party client; answers its secret (null for a public client). */
    public static String saveClient(
            String clientId, List<String> redirectUris, String scope, String authMethod, List<String> postLogout) {
        return saveClient(clientId, redirectUris, scope, authMethod, postLogout, Map.of());
    }

    /** As above, with more registration metadata (e.g. id_token_signed_response_alg). */
    public static String saveClient(
            String clientId,
            List<String> redirectUris,
            String scope,
            String authMethod,
            List<String> postLogout,
            Map<String, Object> more) {
        Map<String, Object> metadata = new java.util.HashMap<>(more);
        metadata.putAll(Map.of(
                "client_name",
                "App " + clientId,
                "redirect_uris",
                redirectUris,
                "scope",
                scope,
                "token_endpoint_auth_method",
                authMethod,
                "post_logout_redirect_uris",
                postLogout));
        return admin().body(metadata)
                .put("/admin/clients/" + clientId)
                .then()
                .statusCode(200)
                .extract()
                .path("client_secret");
    }

    public static String initialAccessToken() {
        return admin().post("/admin/initial-access-tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("initial_access_token");
    }
}
