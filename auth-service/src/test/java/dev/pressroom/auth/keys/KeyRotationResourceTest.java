package dev.pressroom.auth.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.FreshKeysProfile;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Rotation without downtime: publish, then sign, then retire, one admin command each. */
@QuarkusTest
@TestProfile(FreshKeysProfile.class)
class KeyRotationResourceTest {

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    /** Each algorithm's key rotates on its own, the others' keys staying as they were. */
    @ParameterizedTest
    @EnumSource(JwsAlgorithm.class)
    void rotationWhenStepsFollowedThenOldTokensStillValidateUntilRetired(JwsAlgorithm alg) throws Exception {
        TestClients app = TestClients.create(alg.name());
        Browser browser = new Browser();
        String before = app.exchange(app.code(browser, "openid")).path("id_token");
        String oldKid = SignedJWT.parse(before).getHeader().getKeyID();
        List<String> othersBefore = otherKids(alg);

        String newKid = Admin.admin()
                .queryParam("alg", alg.name())
                .post("/admin/keys")
                .then()
                .statusCode(201)
                .extract()
                .path("kid");
        assertThat(kids(alg)).containsExactlyInAnyOrder(oldKid, newKid);
        assertThat(kidOf(app.exchange(app.codeAgain(browser, "openid")).path("id_token")))
                .isEqualTo(oldKid);

        Admin.admin()
                .post("/admin/keys/" + newKid + "/activate")
                .then()
                .statusCode(409)
                .body("error", equalTo("rotation_refused"));
        clock.advance(Duration.ofMinutes(6));
        Admin.admin().post("/admin/keys/" + newKid + "/activate").then().statusCode(200);
        String after = app.exchange(app.codeAgain(browser, "openid")).path("id_token");
        assertThat(kidOf(after)).isEqualTo(newKid);

        // A token signed before the rotation still validates against the published JWKS.
        validate(before, app, alg);
        validate(after, app, alg);

        Admin.admin().post("/admin/keys/" + oldKid + "/retire").then().statusCode(409);
        Admin.admin().post("/admin/keys/" + newKid + "/retire").then().statusCode(409);
        clock.advance(Duration.ofMinutes(61));
        Admin.admin().post("/admin/keys/" + oldKid + "/retire").then().statusCode(200);
        assertThat(kids(alg)).containsExactly(newKid);
        assertThat(otherKids(alg)).isEqualTo(othersBefore);
        Admin.admin()
                .get("/admin/keys")
                .then()
                .statusCode(200)
                .body("keys.find { it.kid == '" + newKid + "' }.state", equalTo("active"));
    }

    @Test
    void rotationWhenKeyAddedAndActivatedThenEachStepIsAnAuditEvent() {
        String kid = Admin.admin()
                .post("/admin/keys")
                .then()
                .statusCode(201)
                .extract()
                .path("kid");
        Admin.admin().post("/admin/keys/" + kid + "/activate?force=true").then().statusCode(200);
        List<Map<String, Object>> steps = AuditEvents.awaitAll(
                Map.of("type", "signing_key_rotated"), e -> kid.equals(AuditEvents.detail(e, "kid")), 2);
        assertThat(steps).extracting(e -> AuditEvents.detail(e, "step")).containsExactly("activated", "published");
        assertThat(steps).extracting(e -> AuditEvents.detail(e, "forced")).containsExactly(true, false);
        assertThat(steps.get(0)).containsEntry("address", "127.0.0.1");
    }

    @Test
    void publishWhenNoSuchKeyFileThen409() {
        Admin.admin()
                .post("/admin/keys/no-such-kid/publish")
                .then()
                .statusCode(409)
                .body("error", equalTo("rotation_refused"));
    }

    @Test
    void addWhenAlgorithmUnknownThen409() {
        Admin.admin()
                .queryParam("alg", "HS256")
                .post("/admin/keys")
                .then()
                .statusCode(409)
                .body("error", equalTo("rotation_refused"));
    }

    /** The published kids of one algorithm's keys. */
    private static List<String> kids(JwsAlgorithm alg) {
        return publishedKids("it.alg == '" + alg.name() + "'");
    }

    private static List<String> otherKids(JwsAlgorithm alg) {
        return publishedKids("it.alg != '" + alg.name() + "'");
    }

    /** The kids of the JWKS's keys that match a GPath condition. */
    private static List<String> publishedKids(String condition) {
        return RestAssured.given()
                .get("/.well-known/jwks.json")
                .then()
                .statusCode(200)
                .extract()
                .path("keys.findAll { " + condition + " }.kid");
    }

    private static String kidOf(String jwt) throws Exception {
        return SignedJWT.parse(jwt).getHeader().getKeyID();
    }

    private static void validate(String idToken, TestClients app, JwsAlgorithm alg) throws Exception {
        JWKSet jwks =
                JWKSet.parse(RestAssured.given().get("/.well-known/jwks.json").asString());
        IDTokenValidator validator = new IDTokenValidator(
                new Issuer("http://127.0.0.1:8083"), new ClientID(app.clientId), JWSAlgorithm.parse(alg.name()), jwks);
        validator.setMaxClockSkew(3 * 3600); // the test clock runs ahead of the validator's
        validator.validate(SignedJWT.parse(idToken), null);
    }
}
