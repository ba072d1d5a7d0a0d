package dev.pressroom.manifest.nativeimage;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.kernel.testing.NativeExecutable;
import dev.pressroom.manifest.pkg.TestPackages;
import dev.pressroom.manifest.validation.TestManifests;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The main HTTP flows against the native executable (scripts/native.sh test manifest-service): validation in JSON,
 * SARIF and text, packages, the schema from the image's resources, the OpenAPI document, health and metrics.
 */
class ManifestServiceNativeIT {

    private static final int PORT = Integer.getInteger("native.http.port", 18081);
    private static final int MANAGEMENT = Integer.getInteger("native.management.port", 19081);
    private static final String MANIFESTS = "/v1/manifests/validate";
    private static final String PACKAGES = "/v1/packages/validate";

    private static NativeExecutable service;

    @BeforeAll
    static void start() {
        service = NativeExecutable.start(
                NativeExecutable.env(
                        "MANIFEST_PORT",
                        String.valueOf(PORT),
                        "MANIFEST_MANAGEMENT_PORT",
                        String.valueOf(MANAGEMENT),
                        "QUARKUS_HTTP_HOST",
                        "127.0.0.1",
                        "QUARKUS_MANAGEMENT_HOST",
                        "127.0.0.1"),
                MANAGEMENT,
                Duration.ofSeconds(30));
        RestAssured.port = PORT;
        System.out.printf(
                "native manifest-service: ready %d ms after start, RSS %d kB%n",
                service.startToReady().toMillis(), service.rssKb());
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.stopAsAPod(Duration.ofSeconds(20));
            RestAssured.reset();
        }
    }

    @Test
    void validateWhenValidThen200AndWhenInvalidThen422WithEveryError() {
        given().contentType("application/json")
                .body(TestManifests.bytes("valid/feature-app.json"))
                .post(MANIFESTS)
                .then()
                .statusCode(200)
                .body("valid", equalTo(true))
                .body("manifest.id", equalTo("savings-coach"))
                .body("warnings[0].rule", equalTo("deprecated"));
        given().contentType("application/json")
                .body("{\n  \"manifest\": 1,\n  \"id\": \"X\"\n}")
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body("errors.rule", hasItem("pattern"))
                .body("errors.find { it.rule == 'pattern' }.line", equalTo(3))
                .body("errors.find { it.rule == 'pattern' }.column", equalTo(9));
    }

    @Test
    void validateWhenSarifOrTextAskedThenThatFormat() {
        byte[] typo = TestManifests.feature(m -> m.put("kind", "conector"));
        given().contentType("application/json")
                .accept("application/sarif+json")
                .body(typo)
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body("version", equalTo("2.1.0"))
                .body("runs[0].results.find { it.ruleId == 'enum' }.properties.suggestion", equalTo("connector"));
        given().contentType("application/json")
                .accept("text/plain")
                .body(typo)
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body(startsWith("manifest.json:"));
    }

    @Test
    void packageWhenValidZipThen200AndWhenZipSlipThen422() {
        byte[] valid = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .add("app/index.html", "<html>")
                .add("assets/icon.png", TestPackages.png(256, 256))
                .zip();
        given().contentType("application/zip")
                .body(valid)
                .post(PACKAGES)
                .then()
                .statusCode(200)
                .body("valid", equalTo(true));
        byte[] slip = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/theme.json"))
                .add("tokens.json", "{}")
                .add("../evil.sh", "rm -rf /")
                .zip();
        given().contentType("application/zip")
                .accept("text/plain")
                .body(slip)
                .post(PACKAGES)
                .then()
                .statusCode(422)
                .body(startsWith("package.zip: error [package-unsafe-path] "));
    }

    @Test
    void schemaAndOpenApiWhenRequestedThenServedFromTheImage() {
        Response schema = given().get("/v1/manifest.schema.json");
        schema.then()
                .statusCode(200)
                .contentType("application/schema+json")
                .body("$schema", equalTo("http://json-schema.org/draft-07/schema#"));
        given().header("If-None-Match", schema.header("ETag"))
                .get("/v1/manifest.schema.json")
                .then()
                .statusCode(304);
        given().accept("application/json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey(MANIFESTS));
    }

    @Test
    void healthAndMetricsWhenScrapedThenOnTheManagementPort() {
        given().contentType("application/json").body("{}").post(MANIFESTS);
        given().port(MANAGEMENT).get("/q/health").then().statusCode(200).body("status", equalTo("UP"));
        given().port(MANAGEMENT)
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .body(containsString("pressroom_manifest_validations_total"));
        given().get("/q/metrics").then().statusCode(404);
    }
}
