package dev.pressroom.auth.page;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Browser;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A platform that is not called Pressroom: name, logo and accent come from configuration (README, "Pages"). */
@QuarkusTest
@TestProfile(BrandedPagesResourceTest.Acme.class)
class BrandedPagesResourceTest {

    public static class Acme implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "auth.pages.product-name", "Acme",
                    "auth.pages.logo-url", "https://cdn.acme.example/logo.svg",
                    "auth.pages.accent-colour", "#FFD400");
        }
    }

    @Test
    void pagesWhenBrandConfiguredThenItsNameAndLogo() {
        Response page = new Browser().get("/account", Map.of());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.asString())
                .contains("<title>Sign in · Acme account</title>")
                .contains("<img src=\"https://cdn.acme.example/logo.svg\" alt=\"\" width=\"32\" height=\"32\">")
                .contains("<span>Acme</span>")
                .contains("to continue to <strong>your Acme account</strong>")
                .doesNotContain("Pressroom");
    }

    @Test
    void themeWhenAccentIsLightThenDarkTextOnIt() {
        given().get("/theme.css")
                .then()
                .statusCode(200)
                .contentType("text/css")
                .body(org.hamcrest.Matchers.equalTo(
                        ":root { --accent: #ffd400; --on-accent: " + Brand.BLACK + "; }\n"));
    }
}
