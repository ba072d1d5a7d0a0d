package dev.pressroom.auth.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.sun.net.httpserver.HttpServer;
import dev.pressroom.auth.request.OAuthParams;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.TestAssertions;
import dev.pressroom.auth.support.TestClients;
import dev.pressroom.auth.support.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * private_key_jwt (RFC 7523, OIDC Core §9) at the endpoints that authenticate clients, with keys registered inline
 * (jwks) or served by a local receiver (jwks_uri; loopback is allowed in tests only).
 */
@QuarkusTest
class PrivateKeyJwtResourceTest {

    @Inject
    TestClock clock;

    private String issuer;
    private HttpServer receiver;
    private final AtomicInteger jwksFetches = new AtomicInteger();
    private final AtomicReference<String> served = new AtomicReference<>();

    @BeforeEach
    void setUp() throws IOException {
        issuer = RestAssured.get("/.well-known/openid-configuration").path("issuer");
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setExecutor(Executors.newCachedThreadPool());
        receiver.createContext("/jwks", exchange -> {
            jwksFetches.incrementAndGet();
            byte[] body = served.get().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/jwk-set+json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        receiver.createContext("/hang", exchange -> {
            try {
                Thread.sleep(20_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        receiver.createContext("/huge", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            byte[] block = new byte[64 * 1024];
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < 160; i++) {
                    out.write(block);
                }
            } catch (IOException e) {
                // we hung up after the size cap: expected
            }
        });
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
        clock.reset();
    }

    private String receiverUrl(String path) {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + path;
    }

    private static Map<String, Object> metadata(Map<String, Object> keys) {
        Map<String, Object> m = new HashMap<>(keys);
        m.put("client_name", "Self-hosted instance");
        m.put("redirect_uris", List.of(TestClients.REDIRECT));
        m.put("token_endpoint_auth_method", OAuthParams.PRIVATE_KEY_JWT);
        m.put("scope", "openid offline_access");
        return m;
    }

    private static Response register(Map<String, Object> metadata) {
        return RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body(metadata)
                .post("/oauth/register");
    }

    private static String registered(Map<String, Object> metadata) {
        Response r = register(metadata);
        r.then().statusCode(201);
        return r.path("client_id");
    }

    private static Map<String, String> withAssertion(String assertion, Map<String, String> form) {
        Map<String, String> all = new HashMap<>(form);
        all.put("client_assertion_type", OAuthParams.JWT_BEARER_ASSERTION);
        all.put("client_assertion", assertion);
        return all;
    }

    private static Response introspect(String assertion) {
        return Admin.publicApi()
                .formParams(withAssertion(assertion, Map.of("token", "not-a-token")))
                .post("/oauth/introspect");
    }

    @Test
    void registerWhenPrivateKeyJwtWithJwksThenNoSecretAndKeysEchoed() {
        TestAssertions keys = TestAssertions.generate("reg");

        register(metadata(Map.of("jwks", keys.jwks())))
                .then()
                .statusCode(201)
                .body("token_endpoint_auth_method", equalTo("private_key_jwt"))
                .body("client_secret", nullValue())
                .body("jwks.keys.kid", hasItem(keys.rsaKid()));
    }

    @Test
    void codeFlowWhenClientAuthenticatesWithAssertionsThenTokensAndRefresh() {
        TestAssertions keys = TestAssertions.generate("flow");
        String clientId = registered(metadata(Map.of("jwks", keys.jwks())));
        TestClients person = TestClients.forClient(clientId, null);
        String code = person.code(new Browser(), "openid offline_access");

        Response tokens = Admin.publicApi()
                .formParams(withAssertion(
                        keys.rs256(clientId, issuer),
                        Map.of(
                                "grant_type",
                                "authorization_code",
                                "code",
                                code,
                                "redirect_uri",
                                TestClients.REDIRECT,
                                "code_verifier",
                                person.verifier)))
                .post("/oauth/token");

        tokens.then().statusCode(200).body("access_token", notNullValue());
        Admin.publicApi()
                .formParams(withAssertion(
                        keys.rs256(clientId, issuer),
                        Map.of("grant_type", "refresh_token", "refresh_token", tokens.path("refresh_token"))))
                .post("/oauth/token")
                .then()
                .statusCode(200)
                .body("access_token", notNullValue());
        Admin.publicApi()
                .formParams(withAssertion(keys.rs256(clientId, issuer), Map.of("token", tokens.path("access_token"))))
                .post("/oauth/introspect")
                .then()
                .statusCode(200)
                .body("active", equalTo(true))
                .body("client_id", equalTo(clientId));
        Admin.publicApi()
                .formParams(withAssertion(keys.rs256(clientId, issuer), Map.of("token", tokens.path("access_token"))))
                .post("/oauth/revoke")
                .then()
                .statusCode(200);
    }

    @Test
    void introspectWhenAssertionReusedThenInvalidClient() {
        TestAssertions keys = TestAssertions.generate("reuse");
        String clientId = registered(metadata(Map.of("jwks", keys.jwks())));
        String assertion = keys.rs256(clientId, issuer);

        introspect(assertion).then().statusCode(200).body("active", equalTo(false));
        introspect(assertion)
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"))
                .body("error_description", containsString("used before"));
    }

    @Test
    void tokenWhenAudIsTheTokenEndpointThenInvalidClient() {
        TestAssertions keys = TestAssertions.generate("aud");
        String clientId = registered(metadata(Map.of("jwks", keys.jwks())));

        introspect(keys.rs256(clientId, issuer + "/oauth/token"))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"))
                .body("error_description", containsString("aud must be the issuer"));
    }

    @Test
    void authenticateWhenPrivateKeyJwtClientSendsBasicOrSecretClientSendsAssertionThenInvalidClient() {
        TestAssertions keys = TestAssertions.generate("mix");
        String clientId = registered(metadata(Map.of("jwks", keys.jwks())));
        Admin.publicApi()
                .auth()
                .preemptive()
                .basic(clientId, "guessed")
                .formParams(Map.of("token", "x"))
                .post("/oauth/introspect")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
        TestClients secretClient = TestClients.create();
        introspect(keys.rs256(secretClient.clientId, issuer))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"));
    }

    @Test
    void introspectWhenJwksUriKidRotatedThenFetchedOnceMoreButNotWithin30Seconds() {
        TestAssertions before = TestAssertions.generate("before");
        TestAssertions after = TestAssertions.generate("after");
        served.set(before.jwksJson());
        String clientId = registered(metadata(Map.of("jwks_uri", receiverUrl("/jwks"))));

        introspect(before.rs256(clientId, issuer)).then().statusCode(200);
        introspect(before.rs256(clientId, issuer)).then().statusCode(200);
        assertThat(jwksFetches.get()).as("cached after the first fetch").isEqualTo(1);
        served.set(after.jwksJson());
        introspect(after.rs256(clientId, issuer)).then().statusCode(401).body("error", equalTo("invalid_client"));
        assertThat(jwksFetches.get())
                .as("no refetch within 30 s of the last fetch")
                .isEqualTo(1);
        clock.advance(Duration.ofSeconds(31));
        Instant later = clock.instant();
        introspect(after.rs256(
                        clientId,
                        issuer,
                        c -> c.issueTime(Date.from(later)).expirationTime(Date.from(later.plusSeconds(60)))))
                .then()
                .statusCode(200);

        assertThat(jwksFetches.get())
                .as("fetched once more for the unknown kid")
                .isEqualTo(2);
    }

    @Test
    void introspectWhenJwksUriHangsThenInvalidClientAfterTheTimeout() {
        TestAssertions keys = TestAssertions.generate("hang");
        String clientId = registered(metadata(Map.of("jwks_uri", receiverUrl("/hang"))));

        introspect(keys.rs256(clientId, issuer))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"))
                .body("error_description", containsString("no answer within the time allowed"));
    }

    @Test
    void introspectWhenJwksUriAnswersTenMegabytesThenInvalidClient() {
        TestAssertions keys = TestAssertions.generate("huge");
        String clientId = registered(metadata(Map.of("jwks_uri", receiverUrl("/huge"))));

        introspect(keys.rs256(clientId, issuer))
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid_client"))
                .body("error_description", containsString("larger than"));
    }

    @Test
    void registerWhenJwksUriOnPrivateOrMetadataAddressThenInvalidClientMetadata() {
        for (String uri : List.of(
                "https://10.1.2.3/jwks", "https://169.254.169.254/latest/meta-data", "https://[fd00:ec2::254]/")) {
            register(metadata(Map.of("jwks_uri", uri)))
                    .then()
                    .statusCode(400)
                    .body("error", equalTo("invalid_client_metadata"))
                    .body("error_description", containsString("which is"));
        }
    }

    @Test
    void registerWhenKeysMissingDoubledOrPrivateThenInvalidClientMetadata() {
        TestAssertions keys = TestAssertions.generate("bad");
        for (Map<String, Object> keyMembers : List.<Map<String, Object>>of(
                Map.of(),
                Map.of("jwks", keys.jwks(), "jwks_uri", receiverUrl("/jwks")),
                Map.of("jwks", keys.jwksWithPrivateKeys()),
                Map.of("jwks", Map.of("keys", List.of())))) {
            register(metadata(keyMembers)).then().statusCode(400).body("error", equalTo("invalid_client_metadata"));
        }
        Map<String, Object> basicWithKeys = metadata(Map.of("jwks", keys.jwks()));
        basicWithKeys.put("token_endpoint_auth_method", "client_secret_basic");
        register(basicWithKeys).then().statusCode(400).body("error", equalTo("invalid_client_metadata"));
    }

    @Test
    void discoveryWhenReadThenListsPrivateKeyJwtAndItsAlgorithms() {
        RestAssured.get("/.well-known/openid-configuration")
                .then()
                .body("token_endpoint_auth_methods_supported", hasItem("private_key_jwt"))
                .body("introspection_endpoint_auth_methods_supported", hasItem("private_key_jwt"))
                .body("revocation_endpoint_auth_methods_supported", hasItem("private_key_jwt"))
                .body("token_endpoint_auth_signing_alg_values_supported", equalTo(List.of("RS256", "PS256", "ES256")));
    }
}
