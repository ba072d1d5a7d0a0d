package dev.pressroom.auth.dpop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.DpopNonceProfile;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestDpop;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Server-provided nonces (RFC 9449 §8, §9): asked for, given out, retried with; and the proofs a key may leave. */
@QuarkusTest
@TestProfile(DpopNonceProfile.class)
class DpopNonceResourceTest {

    private final String tokenUrl = TestDpop.url("/oauth/token");
    private final String userInfoUrl = TestDpop.url("/oauth/userinfo");
    private final TestDpop key = TestDpop.es256();

    @Test
    void tokenWhenNonceRequiredThenUseDpopNonceAndTheRetryWithItSucceeds() {
        TestClients app = TestClients.create();
        String code = app.code(new Browser(), "openid");

        Response asked = TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)));
        asked.then().statusCode(400).body("error", equalTo("use_dpop_nonce"));
        String nonce = asked.header("DPoP-Nonce");
        assertThat(nonce).isNotBlank();
        TestDpop.exchange(app, code, List.of(key.proofWithNonce("POST", tokenUrl, null, "not-" + nonce)))
                .then()
                .statusCode(400)
                .body("error", equalTo("use_dpop_nonce"));

        TestDpop.exchange(app, code, List.of(key.proofWithNonce("POST", tokenUrl, null, nonce)))
                .then()
                .statusCode(200)
                .body("token_type", equalTo("DPoP"));
    }

    @Test
    void userInfoWhenNonceRequiredThen401UseDpopNonceAndTheRetryWithItSucceeds() {
        String accessToken = boundAccessToken();

        Response asked = TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl, accessToken));
        asked.then().statusCode(401).body("error", equalTo("use_dpop_nonce"));
        assertThat(asked.header("WWW-Authenticate")).startsWith("DPoP error=\"use_dpop_nonce\"");
        String nonce = asked.header("DPoP-Nonce");

        TestDpop.userInfo(accessToken, key.proofWithNonce("GET", userInfoUrl, accessToken, nonce))
                .then()
                .statusCode(200);
    }

    @Test
    void userInfoWhenKeyHasAllItsProofsRecordedThen429UntilTheyExpire() {
        String accessToken = boundAccessToken();
        String nonce = TestDpop.userInfo(accessToken, key.proof("GET", userInfoUrl, accessToken))
                .header("DPoP-Nonce");
        // The token request recorded one proof of the key already.
        for (int i = 1; i < DpopNonceProfile.PROOFS_PER_KEY; i++) {
            TestDpop.userInfo(accessToken, key.proofWithNonce("GET", userInfoUrl, accessToken, nonce))
                    .then()
                    .statusCode(200);
        }

        TestDpop.userInfo(accessToken, key.proofWithNonce("GET", userInfoUrl, accessToken, nonce))
                .then()
                .statusCode(429)
                .body("error", equalTo("slow_down"));
    }

    private String boundAccessToken() {
        TestClients app = TestClients.create();
        String code = app.code(new Browser(), "openid");
        String nonce = TestDpop.exchange(app, code, List.of(key.proof("POST", tokenUrl)))
                .header("DPoP-Nonce");
        return TestDpop.exchange(app, code, List.of(key.proofWithNonce("POST", tokenUrl, null, nonce)))
                .then()
                .statusCode(200)
                .extract()
                .path("access_token");
    }
}
