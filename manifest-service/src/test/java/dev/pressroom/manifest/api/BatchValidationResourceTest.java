package dev.pressroom.manifest.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import dev.pressroom.manifest.pkg.TestPackages;
import dev.pressroom.manifest.validation.TestManifests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/** POST /v1/packages/validate with several packages (multipart/form-data): a report per package and a summary. */
@QuarkusTest
class BatchValidationResourceTest {

    static final String PACKAGES = "/v1/packages/validate";

    static byte[] feature() {
        return TestPackages.builder()
                .add("manifest.json", TestManifests.bytes("valid/feature-app.json"))
                .add("app/index.html", "<html>")
                .add("assets/icon.png", TestPackages.png(256, 256))
                .add("README.md", "# Coach")
                .zip();
    }

    static byte[] brokenTheme() {
        return TestPackages.builder()
                .add("manifest.json", TestManifests.edited("valid/theme.json", m -> m.put("kind", "feture")))
                .add("tokens.json", "{}")
                .zip();
    }

    static RequestSpecification batch() {
        return given().contentType("multipart/form-data");
    }

    @Test
    void validatePackagesWhenOneInvalidThen422WithEachReportAndSummary() {
        batch().multiPart("package", "coach.zip", feature(), "application/zip")
                .multiPart("package", "themes/nordic.zip", brokenTheme(), "application/zip")
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(422)
                .contentType("application/json")
                .body("valid", equalTo(false))
                .body("summary.addons", equalTo(2))
                .body("summary.valid", equalTo(1))
                .body("summary.invalid", equalTo(1))
                .body("results.input", contains("coach.zip", "themes/nordic.zip"))
                .body("results[0].valid", equalTo(true))
                .body("results[0].manifest.id", equalTo("savings-coach"))
                .body("results[1].errors.rule", hasItem("enum"))
                .body("results[1].errors[0].file", equalTo("themes/nordic.zip!/manifest.json"))
                .body("results[1].errors.find { it.rule == 'enum' }.suggestion", equalTo("feature"));
    }

    @Test
    void validatePackagesWhenAllValidThen200() {
        batch().multiPart("package", "a.zip", feature(), "application/zip")
                .multiPart("package", "b.zip", feature(), "application/zip")
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(200)
                .body("valid", equalTo(true))
                .body("summary.valid", equalTo(2));
    }

    @Test
    void validatePackagesWhenAcceptTextThenLinesNamedByPart() {
        batch().accept("text/plain")
                .multiPart("package", "themes/nordic.zip", brokenTheme(), "application/zip")
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(422)
                .body(startsWith("themes/nordic.zip!/manifest.json:"));
    }

    @Test
    void validatePackagesWhenNoPackagePartThen400() {
        batch().multiPart("other", "a.zip", feature(), "application/zip")
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(400)
                .body("errors[0].code", equalTo("invalid_batch"));
    }

    @Test
    void validatePackagesWhenMultipartMalformedThen400NotA500() {
        for (byte[] body : new byte[][] {TestManifests.utf8("garbage"), new byte[0]}) {
            given().contentType("multipart/form-data; boundary=x")
                    .body(body)
                    .when()
                    .post(PACKAGES)
                    .then()
                    .statusCode(400)
                    .body("errors[0].code", equalTo("invalid_batch"))
                    .body("errors[0].message", startsWith("The multipart/form-data body is malformed"));
        }
    }

    @Test
    void validatePackagesWhenNamesRepeatThen400() {
        batch().multiPart("package", "a.zip", feature(), "application/zip")
                .multiPart("package", "a.zip", brokenTheme(), "application/zip")
                .when()
                .post(PACKAGES)
                .then()
                .statusCode(400)
                .body("errors[0].code", equalTo("invalid_file"));
    }

    @Test
    void validatePackagesWhenMoreThanTheLimitThen400() {
        RequestSpecification request = batch();
        byte[] zip = brokenTheme();
        for (int i = 0; i <= 50; i++) {
            request.multiPart("package", "p" + i + ".zip", zip, "application/zip");
        }
        request.when()
                .post(PACKAGES)
                .then()
                .statusCode(400)
                .body("errors[0].code", equalTo("invalid_batch"))
                .body("errors[0].message", startsWith("The batch has 51 packages; the limit is 50"));
    }
}
