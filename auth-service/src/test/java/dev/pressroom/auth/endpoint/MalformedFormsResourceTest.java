package dev.pressroom.auth.endpoint;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Form bodies JAX-RS's form reader choked on (make fuzz-http found each as a 500): a bad percent-escape, an empty
 * content type, a field longer than the HTTP layer's per-field limit. Each is now the page or error it should be.
 */
@QuarkusTest
class MalformedFormsResourceTest {

    /** Every endpoint that reads a form body. */
    static List<String> formEndpoints() {
        return List.of(
                "/oauth/authorize",
                "/oauth/logout",
                "/signin",
                "/signin/cancel",
                "/consent",
                "/signin/passkey",
                "/signin/passkey/options",
                "/account/passkeys",
                "/account/passkeys/options",
                "/account/passkeys/remove");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/oauth/authorize", "/oauth/logout"})
    void postWhenPercentEscapeIsBrokenThenErrorPage(String path) {
        given().redirects()
                .follow(false)
                .contentType("application/x-www-form-urlencoded")
                .body("client_id=%zz&x=%")
                .post(path)
                .then()
                .statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("malformed"));
    }

    @ParameterizedTest
    @MethodSource("formEndpoints")
    void postWhenContentTypeIsEmptyThenRefusedNotCrashed(String path) throws Exception {
        assertThat(post(path, "", "1\u0016%\u00e9d")).isLessThan(500);
    }

    @ParameterizedTest
    @MethodSource("formEndpoints")
    void postWhenAFieldIsLongerThan8KiBThenRefusedNotCrashed(String path) throws Exception {
        String form = "application/x-www-form-urlencoded";
        assertThat(post(path, form, "request=" + "a".repeat(9000) + "&email=a%40b.example&password=x"))
                .isLessThan(500);
        assertThat(post(path, form, "a".repeat(9000) + "=&decision=allow")).isLessThan(500);
    }

    /** Sent byte for byte as given: RestAssured would add a charset or refuse an empty content type. */
    private static int post(String path, String contentType, String body) throws Exception {
        URI uri = URI.create("http://localhost:"
                + ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class) + path);
        HttpRequest request = HttpRequest.newBuilder(uri)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build();
        return HttpClient.newHttpClient()
                .send(request, HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
