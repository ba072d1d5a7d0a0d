package dev.pressroom.manifest.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.manifest.pkg.TestPackages;
import dev.pressroom.manifest.validation.TestManifests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ValidationResourceTest {

    private static final String MANIFESTS = "/v1/manifests/validate";
    private static final String PACKAGES = "/v1/packages/validate";
    private static final byte[] INVALID = TestManifests.utf8("{\n  \"manifest\": 1,\n  \"id\": \"X\"\n}");

    @Test
    void validateManifestWhenValidThen200WithSummaryAndWarnings() {
        given().contentType("application/json")
                .body(TestManifests.bytes("valid/feature-app.json"))
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(200)
                .contentType("application/json")
                .body("valid", equalTo(true))
                .body("manifest.id", equalTo("savings-coach"))
                .body("manifest.version", equalTo("1.4.2"))
                .body("manifest.kind", equalTo("feature"))
                .body("manifest.runtime", equalTo("app@1"))
                .body("errors", nullValue())
                .body("warnings[0].rule", equalTo("deprecated"))
                .body("warnings[0].pointer", equalTo("/min_server_version"));
    }

    @Test
    void validateManifestWhenInvalidThen422WithEveryError() {
        given().contentType("application/json")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .contentType("application/json")
                .body("valid", equalTo(false))
                .body("manifest", nullValue())
                .body("errors.rule", hasItem("pattern"))
                .body("errors.find { it.rule == 'pattern' }.pointer", equalTo("/id"))
                .body("errors.find { it.rule == 'pattern' }.line", equalTo(3))
                .body("errors.find { it.rule == 'pattern' }.column", equalTo(9))
                .body("errors.find { it.rule == 'pattern' }.message", containsString("lowercase"))
                .body("errors.findAll { it.rule == 'required' }", hasSize(8))
                .body("warnings", hasSize(0));
    }

    @Test
    void validateManifestWhenTypoThenSuggestionInJsonAndSarifAndAbsentOtherwise() {
        byte[] typo = TestManifests.feature(m -> m.put("kind", "conector").put("id", "X"));
        given().contentType("application/json")
                .body(typo)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body("errors.find { it.rule == 'enum' }.suggestion", equalTo("connector"))
                .body("errors.find { it.rule == 'enum' }.message", containsString("Did you mean \"connector\"?"))
                .body("errors.find { it.rule == 'pattern' }", not(hasKey("suggestion")));
        given().contentType("application/json")
                .accept("application/sarif+json")
                .body(typo)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body("runs[0].results.find { it.ruleId == 'enum' }.properties.suggestion", equalTo("connector"))
                .body("runs[0].results.find { it.ruleId == 'pattern' }", not(hasKey("properties")));
    }

    @Test
    void validateManifestWhenSyntaxErrorThen422WithJsonSyntax() {
        given().contentType("application/json")
                .body("{\"manifest\": 1,}")
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body("errors", hasSize(1))
                .body("errors[0].rule", equalTo("json-syntax"))
                .body("errors[0].pointer", equalTo(""))
                .body("errors[0].line", equalTo(1))
                .body("errors[0].column", equalTo(16));
    }

    @Test
    void validateManifestWhenBomThen422WithJsonBom() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'};
        given().contentType("application/json")
                .body(bom)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body("errors[0].rule", equalTo("json-bom"));
    }

    @Test
    void validateManifestWhenAcceptTextThenOneLinePerProblem() {
        String body = given().contentType("application/json")
                .accept("text/plain")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .contentType(startsWith("text/plain"))
                .extract()
                .asString();

        assertThat(body.lines())
                .hasSize(10)
                .allMatch(line -> line.matches("manifest\\.json:\\d+:\\d+: error \\[[a-z-]+\\] .+"));
        assertThat(body).contains("manifest.json:3:9: error [pattern] ");
    }

    @Test
    void validateManifestWhenTextAndValidThenEmptyBody() {
        given().contentType("application/json")
                .accept("text/plain")
                .body(TestManifests.bytes("valid/theme.json"))
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(200)
                .body(emptyString());
    }

    @Test
    void validateManifestWhenFileParameterThenUsedInTextAndSarif() {
        given().contentType("application/json")
                .accept("text/plain")
                .queryParam("file", "addons/coach/manifest.json")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .body(containsString("addons/coach/manifest.json:3:9: error [pattern]"));
    }

    @Test
    void validateManifestWhenAcceptSarifThenSarif210() {
        given().contentType("application/json")
                .accept("application/sarif+json")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .contentType("application/sarif+json")
                .body("version", equalTo("2.1.0"))
                .body("$schema", containsString("sarif-2.1.0"))
                .body("runs[0].tool.driver.name", equalTo("pressroom-manifest-validator"))
                .body("runs[0].tool.driver.rules.id", hasItem("pattern"))
                .body("runs[0].columnKind", equalTo("unicodeCodePoints"))
                .body("runs[0].results", hasSize(10))
                .body("runs[0].results.find { it.ruleId == 'pattern' }.level", equalTo("error"))
                .body(
                        "runs[0].results.find { it.ruleId == 'pattern' }.locations[0].physicalLocation.artifactLocation.uri",
                        equalTo("manifest.json"))
                .body(
                        "runs[0].results.find { it.ruleId == 'pattern' }.locations[0].physicalLocation.region.startLine",
                        equalTo(3))
                .body(
                        "runs[0].results.find { it.ruleId == 'pattern' }.locations[0].physicalLocation.region.startColumn",
                        equalTo(9))
                .body(
                        "runs[0].results.find { it.ruleId == 'pattern' }.locations[0].logicalLocations[0].fullyQualifiedName",
                        equalTo("/id"));
    }

    @Test
    void validateManifestWhenSarifRuleIndexThenPointsAtTheRule() {
        Response response = given().contentType("application/json")
                .accept("application/sarif+json")
                .body(INVALID)
                .post(MANIFESTS);

        int index = response.path("runs[0].results[0].ruleIndex");
        String ruleId = response.path("runs[0].results[0].ruleId");
        assertThat(response.<String>path("runs[0].tool.driver.rules[" + index + "].id"))
                .isEqualTo(ruleId);
    }

    @Test
    void validateManifestWhenAcceptUnsupportedThen406() {
        given().contentType("application/json")
                .accept("application/xml")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(406)
                .body("errors[0].code", equalTo("not_acceptable"));
    }

    @Test
    void validateManifestWhenOverOneMebibyteThen413() {
        byte[] large = TestManifests.connector(m -> m.put("description", "d".repeat(1024 * 1024)));

        given().contentType("application/json")
                .body(large)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(413)
                .body("errors[0].code", equalTo("payload_too_large"));
    }

    @Test
    void validateManifestWhenWrongContentTypeThen415() {
        given().contentType("application/x-www-form-urlencoded")
                .body("manifest=1")
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(415)
                .body("errors[0].code", equalTo("unsupported_media_type"));
        given().contentType("text/plain")
                .body("{}")
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(415);
    }

    @Test
    void validateManifestWhenBadFileParameterThen400() {
        given().contentType("application/json")
                .queryParam("file", "a\nb")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(400)
                .body("errors[0].code", equalTo("invalid_file"));
    }

    @Test
    void validateManifestWhenGetThen405() {
        given().when().get(MANIFESTS).then().statusCode(405);
    }

    @Test
    void validatePackageWhenValidZipThen200() {
        byte[] zip = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .add("app/index.html", "<html>")
                .add("assets/icon.png", TestPackages.png(256, 256))
                .zip();

        given().contentType("application/zip")
                .body(zip)
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(200)
                .body("valid", equalTo(true))
                .body("manifest.id", equalTo("savings-coach"));
    }

    @Test
    void validatePackageWhenZipSlipThen422() {
        byte[] zip = TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/theme.json"))
                .add("tokens.json", "{}")
                .add("../evil.sh", "rm -rf /")
                .zip();

        given().contentType("application/zip")
                .accept("text/plain")
                .body(zip)
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(422)
                .body(startsWith("package.zip: error [package-unsafe-path] "));
    }

    @Test
    void validatePackageWhenNotAZipThen422() {
        given().contentType("application/zip")
                .body(TestManifests.utf8("not a zip"))
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(422)
                .body("errors[0].rule", equalTo("package-invalid"))
                .body("errors[0].line", nullValue());
    }

    @Test
    void validatePackageWhenJsonContentTypeThen415() {
        given().contentType("application/json")
                .body("{}")
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(415);
    }

    @Test
    void schemaWhenRequestedThenDraft07WithStableIdAndCaching() {
        Response response = given().when().get("/v1/manifest.schema.json");

        response.then()
                .statusCode(200)
                .contentType("application/schema+json")
                .body("$schema", equalTo("http://json-schema.org/draft-07/schema#"))
                .body("$id", equalTo("https://schemas.pressroom.dev/addon-manifest/v1/manifest.schema.json"))
                .body("properties.permissions.uniqueItems", equalTo(true))
                .header("Cache-Control", containsString("max-age=3600"));
        given().header("If-None-Match", response.header("ETag"))
                .when()
                .get("/v1/manifest.schema.json")
                .then()
                .statusCode(304);
    }

    @Test
    void validateWhenAcceptIsEmptyThenJsonAndWhenMalformedThen406() {
        given().contentType("application/json")
                .header("Accept", "")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(422)
                .contentType("application/json")
                .body("valid", equalTo(false));
        given().contentType("application/zip")
                .header("Accept", "")
                .body(TestManifests.utf8("not a zip"))
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(422)
                .contentType("application/json");
        given().contentType("application/json")
                .header("Accept", "not-a-media-type")
                .body(INVALID)
                .when()
                .post(MANIFESTS)
                .then()
                .statusCode(406)
                .body("errors[0].code", notNullValue());
    }

    @Test
    void openApiWhenRequestedThenDocumentsTheEndpoints() {
        given().accept("application/json")
                .when()
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/v1/manifests/validate"))
                .body("paths", org.hamcrest.Matchers.hasKey("/v1/packages/validate"))
                .body("paths", org.hamcrest.Matchers.hasKey("/v1/manifest.schema.json"))
                .body("info.title", equalTo("Pressroom manifest-service"));
    }

    @Test
    void openApiWhenRequestedThenBothEndpointsAnswerTheSharedReportResponses() {
        var document = given().accept("application/json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        for (String path : List.of("/v1/manifests/validate", "/v1/packages/validate")) {
            String responses = "paths.'" + path + "'.post.responses.";
            assertThat(document.getString(responses + "'200'.$ref")).isEqualTo("#/components/responses/ValidReport");
            assertThat(document.getString(responses + "'422'.$ref")).isEqualTo("#/components/responses/InvalidReport");
            assertThat(document.getString(responses + "'503'.$ref")).isEqualTo("#/components/responses/Busy");
        }
        assertThat(document.getMap("components.responses.Busy.headers")).containsKey("Retry-After");
        for (String name : List.of("ValidReport", "InvalidReport")) {
            assertThat(document.getString("components.responses." + name + ".content.'application/json'.schema.$ref"))
                    .isEqualTo("#/components/schemas/ValidationResponse");
        }
    }
}
