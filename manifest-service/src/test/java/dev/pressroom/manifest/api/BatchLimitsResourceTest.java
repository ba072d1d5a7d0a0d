package dev.pressroom.manifest.api;

import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A package of a batch over the package size limit is refused as a single upload would be (413). */
@QuarkusTest
@TestProfile(BatchLimitsResourceTest.SmallPackages.class)
class BatchLimitsResourceTest {

    public static class SmallPackages implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("manifest.package.max-bytes", "1000");
        }
    }

    @Test
    void validatePackagesWhenAPackageIsOverTheLimitThen413() {
        BatchValidationResourceTest.batch()
                .multiPart("package", "small.zip", BatchValidationResourceTest.brokenTheme(), "application/zip")
                .multiPart("package", "big.zip", BatchValidationResourceTest.feature(), "application/zip")
                .when()
                .post(BatchValidationResourceTest.PACKAGES)
                .then()
                .statusCode(413)
                .body("errors[0].code", equalTo("payload_too_large"))
                .body("errors[0].message", org.hamcrest.Matchers.startsWith("The package \"big.zip\" is "));
    }
}
