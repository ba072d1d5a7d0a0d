package dev.pressroom.auth.dpop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestDpop;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Authorization codes bound to a DPoP key (RFC 9449 §10): by dpop_jkt at the authorization endpoint or in a pushed
 * request, or by the pushed request's own DPoP proof (§10.1). The code then goes only with a proof of that key.
 */
@QuarkusTest
class DpopBoundCodeResourceTest {

    private final String tokenUrl = TestDpop.url("/oauth/token");
    private final String parUrl = TestDpop.url("/oauth/par");
    private final TestDpop key = TestDpop.es256();
    private final TestDpop thief = TestDpop.es256();

    @Test
    void tokenWhenCodeBoundByDpopJktAndNoProofThenInvalidGrantAndTheKeysProofStillGetsTokens() {
        TestClients app = TestClients.create();
        String code = codeFor(app, Map.of("dpop_jkt", key.thumbprint()));

        assertInvalidGrant(TestDpop.exchange(app, code, List.of()), "send a DPoP proof");

        Response tokens = TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)));
        tokens.then().statusCode(200);
        assertThat(tokens.<String>path("token_type")).isEqualTo("DPoP");
    }

    @Test
    void tokenWhenCodeBoundByDpopJktAndProofOfAnotherKeyThenInvalidGrant() {
        TestClients app = TestClients.create();
        String code = codeFor(app, Map.of("dpop_jkt", key.thumbprint()));

        assertInvalidGrant(
                TestDpop.exchange(app, code, List.of(thief.proof("POST", tokenUrl))), "not made with the key");
    }

    @Test
    void authorizeWhenDpopJktMalformedThenInvalidRequestAtTheRedirectUri() {
        TestClients app = TestClients.create();
        for (String jkt :
                List.of("short", key.thumbprint() + "A", key.thumbprint().substring(0, 42) + "B")) {
            Map<String, String> params = app.authorizeParams("openid");
            params.put("dpop_jkt", jkt);

            Map<String, String> back = TestClients.query(new Browser().get("/oauth/authorize", params));

            assertThat(back.get("error")).as(jkt).isEqualTo("invalid_request");
            assertThat(back.get("error_description")).as(jkt).contains("dpop_jkt");
            assertThat(back.get("state")).isEqualTo(params.get("state"));
        }
    }

    @Test
    void pushWhenDpopProofSentThenCodeBoundToItsKey() {
        TestClients app = TestClients.create();
        Response pushed = push(app, app.authorizeParams("openid"), List.of(key.proof("POST", parUrl)));
        pushed.then().statusCode(201);
        String code = codeByReference(app, pushed.path("request_uri"));

        assertInvalidGrant(TestDpop.exchange(app, code, List.of()), "send a DPoP proof");
        assertInvalidGrant(
                TestDpop.exchange(app, code, List.of(thief.proof("POST", tokenUrl))), "not made with the key");
        Response tokens = TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)));
        tokens.then().statusCode(200);
        assertThat(tokens.<String>path("token_type")).isEqualTo("DPoP");
    }

    @Test
    void pushWhenDpopJktWithoutProofThenCodeBoundToThatKey() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("dpop_jkt", key.thumbprint());
        String code = codeByReference(app, push(app, params, List.of()).path("request_uri"));

        assertInvalidGrant(
                TestDpop.exchange(app, code, List.of(thief.proof("POST", tokenUrl))), "not made with the key");
        TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)))
                .then()
                .statusCode(200);
    }

    @Test
    void pushWhenDpopProofAndDpopJktNameOneKeyThen201() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("dpop_jkt", key.thumbprint());

        push(app, params, List.of(key.proof("POST", parUrl))).then().statusCode(201);
    }

    @Test
    void pushWhenDpopProofAndDpopJktNameDifferentKeysThenInvalidRequest() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("dpop_jkt", thief.thumbprint());

        Response refused = push(app, params, List.of(key.proof("POST", parUrl)));

        refused.then().statusCode(400);
        assertThat(refused.<String>path("error")).isEqualTo("invalid_request");
        assertThat(refused.<String>path("error_description")).contains("dpop_jkt");
    }

    @Test
    void pushWhenDpopProofIsForAnotherEndpointThenInvalidDpopProof() {
        TestClients app = TestClients.create();

        Response refused = push(app, app.authorizeParams("openid"), List.of(key.proof("POST", tokenUrl)));

        refused.then().statusCode(400);
        assertThat(refused.<String>path("error")).isEqualTo("invalid_dpop_proof");
        assertThat(refused.<String>path("error_description")).contains("htu");
    }

    @Test
    void pushWhenDpopJktMalformedThenInvalidRequestAsJson() {
        TestClients app = TestClients.create();
        Map<String, String> params = app.authorizeParams("openid");
        params.put("dpop_jkt", "not-a-thumbprint");

        Response refused = push(app, params, List.of());

        refused.then().statusCode(400);
        assertThat(refused.<String>path("error")).isEqualTo("invalid_request");
        assertThat(refused.<String>path("error_description")).contains("dpop_jkt");
    }

    /** Authorize with the extra parameters, sign in, allow: the code. */
    private static String codeFor(TestClients app, Map<String, String> extra) {
        Map<String, String> params = app.authorizeParams("openid");
        params.putAll(extra);
        return TestClients.query(app.signInAndConsent(new Browser(), params)).get("code");
    }

    private static String codeByReference(TestClients app, String requestUri) {
        Map<String, String> back = TestClients.query(
                app.signInAndConsent(new Browser(), Map.of("client_id", app.clientId, "request_uri", requestUri)));
        return back.get("code");
    }

    private static Response push(TestClients app, Map<String, String> params, List<String> proofs) {
        return TestDpop.withProofs(Admin.publicApi().auth().preemptive().basic(app.clientId, app.secret), proofs)
                .formParams(params)
                .post("/oauth/par");
    }

    private static void assertInvalidGrant(Response answer, String why) {
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(400);
        assertThat(answer.<String>path("error")).isEqualTo("invalid_grant");
        assertThat(answer.<String>path("error_description")).contains(why);
    }
}
