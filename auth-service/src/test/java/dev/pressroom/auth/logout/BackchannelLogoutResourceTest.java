package dev.pressroom.auth.logout;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.sun.net.httpserver.HttpServer;
import dev.pressroom.auth.support.AccountPages;
import dev.pressroom.auth.support.Admin;
import dev.pressroom.auth.support.AuditEvents;
import dev.pressroom.auth.support.Browser;
import dev.pressroom.auth.support.PasskeyCeremony;
import dev.pressroom.auth.support.TestAuthenticator;
import dev.pressroom.auth.support.TestClients;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Back-Channel Logout 1.0 end to end: each way a session or an app ends reaches a client's receiver (a real HTTP
 * server on a loopback port, which tests may use: AUTH_OUTBOUND_ALLOW_LOOPBACK), whose logout tokens are checked as a
 * relying party would, by an outside verifier (Nimbus JOSE+JWT) with nothing but the published JWKS.
 */
@QuarkusTest
class BackchannelLogoutResourceTest {

    private static final String EVENT = "http://schemas.openid.net/event/backchannel-logout";
    /** What the receiver answers next: a status, or 0 to hang past the service's answer timeout. */
    private final Queue<Integer> script = new ConcurrentLinkedQueue<>();

    private final List<String> received = new CopyOnWriteArrayList<>();
    private final ExecutorService receiverThreads = Executors.newCachedThreadPool();
    private HttpServer receiver;

    @BeforeEach
    void startReceiver() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setExecutor(receiverThreads);
        receiver.createContext("/backchannel", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                String form = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                received.add(URLDecoder.decode(form.substring("logout_token=".length()), StandardCharsets.UTF_8));
            }
            int status = script.isEmpty() ? 200 : script.poll();
            if (status == 0) {
                sleep(Duration.ofSeconds(6));
                exchange.close();
                return;
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
        receiverThreads.shutdownNow();
    }

    private String receiverUri() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/backchannel";
    }

    private TestClients appWithBackchannel(String alg, boolean sessionRequired) {
        return TestClients.create(Map.of(
                "id_token_signed_response_alg",
                alg,
                "backchannel_logout_uri",
                receiverUri(),
                "backchannel_logout_session_required",
                sessionRequired));
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "ES256"})
    void rpLogoutWhenClientHasBackchannelUriThenItReceivesASignedLogoutTokenForTheSession(String alg) throws Exception {
        TestClients app = appWithBackchannel(alg, false);
        Browser browser = new Browser();
        String idToken = app.exchange(app.code(browser, "openid")).path("id_token");

        browser.get("/oauth/logout", Map.of("id_token_hint", idToken)).then().statusCode(200);

        JWTClaimsSet claims = verified(awaitTokens(1).get(0), alg);
        assertThat(claims.getIssuer())
                .isEqualTo(SignedJWT.parse(idToken).getJWTClaimsSet().getIssuer());
        assertThat(claims.getAudience()).containsExactly(app.clientId);
        assertThat(claims.getSubject()).isEqualTo(app.accountId);
        assertThat(claims.getStringClaim("sid"))
                .isEqualTo(SignedJWT.parse(idToken).getJWTClaimsSet().getStringClaim("sid"));
        assertThat(claims.getJSONObjectClaim("events")).containsOnlyKeys(EVENT);
        assertThat(claims.getJSONObjectClaim("events").get(EVENT)).isEqualTo(Map.of());
        assertThat(claims.getClaims()).doesNotContainKey("nonce");
        assertThat(claims.getJWTID()).isNotBlank();
        assertThat(Duration.between(
                        claims.getIssueTime().toInstant(),
                        claims.getExpirationTime().toInstant()))
                .isEqualTo(Duration.ofMinutes(2));
        AuditEvents.await(
                Map.of("type", "backchannel_logout_delivered", "client_id", app.clientId),
                e -> "HTTP 200".equals(AuditEvents.detail(e, "result")));
    }

    @Test
    void accountSignOutWhenConfirmedThenEveryClientOfTheSessionIsTold() throws Exception {
        TestClients app = appWithBackchannel("RS256", false);
        TestClients other = TestClients.create(Map.of("backchannel_logout_uri", receiverUri()));
        Browser browser = new Browser();
        app.exchange(app.code(browser, "openid")).then().statusCode(200);
        TestClients samePerson = app.withClient(other);
        Response consent = browser.get("/oauth/authorize", samePerson.authorizeParams("openid"));
        TestClients.allow(browser, consent).then().statusCode(303);

        Response home = browser.get("/account", Map.of());
        browser.post("/oauth/logout", Map.of("csrf", Browser.hidden(home, "csrf"), "confirm", "yes"))
                .then()
                .statusCode(200);

        List<String> sent = awaitTokens(2);
        List<JWTClaimsSet> tokens = List.of(verified(sent.get(0), "RS256"), verified(sent.get(1), "RS256"));
        assertThat(tokens)
                .extracting(c -> c.getAudience().get(0))
                .containsExactlyInAnyOrder(app.clientId, other.clientId);
        assertThat(tokens).allSatisfy(c -> assertThat(c.getSubject()).isEqualTo(app.accountId));
        assertThat(tokens.get(0).getStringClaim("sid"))
                .isNotBlank()
                .isEqualTo(tokens.get(1).getStringClaim("sid"));
    }

    @Test
    void removeAppWhenClientDoesNotRequireSidThenOneTokenBySubAlone() throws Exception {
        TestClients app = appWithBackchannel("RS256", false);
        Browser browser = new Browser();
        app.exchange(app.code(browser, "openid")).then().statusCode(200);

        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);

        JWTClaimsSet claims = verified(awaitTokens(1).get(0), "RS256");
        assertThat(claims.getSubject()).isEqualTo(app.accountId);
        assertThat(claims.getClaims()).doesNotContainKey("sid");
        assertThat(received).as("the person's session goes on: no second token").hasSize(1);
    }

    @Test
    void removeAppWhenClientRequiresSidThenATokenWithTheSessionsSid() throws Exception {
        TestClients app = appWithBackchannel("RS256", true);
        Browser browser = new Browser();
        String idToken = app.exchange(app.code(browser, "openid")).path("id_token");

        AccountPages.removeApp(browser, app.clientId).then().statusCode(303);

        JWTClaimsSet claims = verified(awaitTokens(1).get(0), "RS256");
        assertThat(claims.getStringClaim("sid"))
                .isEqualTo(SignedJWT.parse(idToken).getJWTClaimsSet().getStringClaim("sid"));
        assertThat(claims.getSubject()).isEqualTo(app.accountId);
    }

    @Test
    void adminLogoutWhenAccountHasSessionsThenEveryOneEndsAndEachClientIsTold() throws Exception {
        TestClients app = appWithBackchannel("RS256", false);
        TestClients sidApp = app.withClient(appWithBackchannel("RS256", true));
        Browser atApp = new Browser();
        app.exchange(app.code(atApp, "openid")).then().statusCode(200);
        Browser atSidApp = new Browser();
        String sidAppIdToken = sidApp.exchange(sidApp.code(atSidApp, "openid")).path("id_token");
        Browser onAccountPage = AccountPages.signedIn(app);

        Admin.admin()
                .post("/admin/accounts/" + app.accountId + "/logout")
                .then()
                .statusCode(204);

        assertThat(List.of(atApp, atSidApp, onAccountPage))
                .as("every session of the account ended")
                .noneMatch(BackchannelLogoutResourceTest::signedIn);
        List<String> sent = awaitTokens(2);
        Map<String, JWTClaimsSet> byClient = Map.of(
                verified(sent.get(0), "RS256").getAudience().get(0), verified(sent.get(0), "RS256"),
                verified(sent.get(1), "RS256").getAudience().get(0), verified(sent.get(1), "RS256"));
        assertThat(byClient.get(app.clientId).getClaims())
                .as("a client that does not require sid: every session, by sub alone")
                .doesNotContainKey("sid")
                .containsEntry("sub", app.accountId);
        assertThat(byClient.get(sidApp.clientId).getStringClaim("sid"))
                .isEqualTo(SignedJWT.parse(sidAppIdToken).getJWTClaimsSet().getStringClaim("sid"));
        AuditEvents.await(
                Map.of("type", "sessions_ended", "account_id", app.accountId),
                e -> Integer.valueOf(3).equals(AuditEvents.detail(e, "sessions")));
    }

    @Test
    void adminLogoutWhenAccountUnknownThen404AndWhenIdMalformedThen400() {
        Response unknown = Admin.admin().post("/admin/accounts/" + UUID.randomUUID() + "/logout");
        unknown.then().statusCode(404);
        assertThat(unknown.<String>path("error")).isEqualTo("not_found");
        Response malformed = Admin.admin().post("/admin/accounts/not-an-id/logout");
        malformed.then().statusCode(400);
        assertThat(malformed.<String>path("error")).isEqualTo("invalid_request");
        Admin.management()
                .post("/admin/accounts/" + UUID.randomUUID() + "/logout")
                .then()
                .statusCode(401);
    }

    @Test
    void removePasskeyWhenASessionSignedInWithItThenItsClientIsToldOfThatSessionAlone() throws Exception {
        TestClients app = appWithBackchannel("RS256", true);
        TestAuthenticator phone = PasskeyCeremony.authenticator();
        Browser owner = AccountPages.signedIn(app);
        PasskeyCeremony.add(owner, phone, "Phone").then().statusCode(303);
        Browser withPhone = new Browser();
        Response consent = PasskeyCeremony.signIn(
                withPhone, withPhone.get("/oauth/authorize", app.authorizeParams("openid")), phone);
        String phoneIdToken = app.exchange(
                        TestClients.query(TestClients.allow(withPhone, consent)).get("code"))
                .path("id_token");
        Browser withPassword = new Browser();
        app.exchange(app.code(withPassword, "openid")).then().statusCode(200);

        Response page = owner.get("/account", Map.of());
        owner.post(
                        "/account/passkeys/remove",
                        Map.of("csrf", Browser.hidden(page, "csrf"), "id", passkeyId(page, "Phone")))
                .then()
                .statusCode(303);

        JWTClaimsSet claims = verified(awaitTokens(1).get(0), "RS256");
        assertThat(claims.getStringClaim("sid"))
                .isEqualTo(SignedJWT.parse(phoneIdToken).getJWTClaimsSet().getStringClaim("sid"));
        assertThat(claims.getSubject()).isEqualTo(app.accountId);
        assertThat(signedIn(withPassword)).as("the password's session goes on").isTrue();
        sleep(Duration.ofSeconds(1));
        assertThat(received).as("no token for the password's session").hasSize(1);
    }

    @Test
    void logoutWhenReceiverAnswers500ThenRetriedWithTheSameTokenAndDelivered() {
        TestClients app = appWithBackchannel("RS256", false);
        Browser browser = new Browser();
        String idToken = app.exchange(app.code(browser, "openid")).path("id_token");
        script.add(500);

        browser.get("/oauth/logout", Map.of("id_token_hint", idToken)).then().statusCode(200);

        List<String> tokens = awaitTokens(2);
        assertThat(tokens.get(1)).isEqualTo(tokens.get(0));
        AuditEvents.await(
                Map.of("type", "backchannel_logout_retried", "client_id", app.clientId),
                e -> "HTTP 500".equals(AuditEvents.detail(e, "result")));
        AuditEvents.await(Map.of("type", "backchannel_logout_delivered", "client_id", app.clientId), e -> true);
        assertThat(Admin.scrape()
                        .value(
                                "pressroom_outbound_deliveries_total",
                                "queue",
                                "backchannel_logout",
                                "outcome",
                                "retry"))
                .isPositive();
    }

    @Test
    void logoutWhenReceiverHangsThenSignedOutAtOnceAndDeliveryRetriedAfterTheTimeout() {
        TestClients app = appWithBackchannel("RS256", false);
        Browser browser = new Browser();
        String idToken = app.exchange(app.code(browser, "openid")).path("id_token");
        script.add(0);

        long started = System.nanoTime();
        browser.get("/oauth/logout", Map.of("id_token_hint", idToken)).then().statusCode(200);
        Duration signOut = Duration.ofNanos(System.nanoTime() - started);

        assertThat(signOut).as("no request waits for the receiver").isLessThan(Duration.ofSeconds(2));
        assertThat(awaitTokens(2)).hasSize(2);
        AuditEvents.await(
                Map.of("type", "backchannel_logout_retried", "client_id", app.clientId),
                e -> String.valueOf(AuditEvents.detail(e, "result")).startsWith("timeout"));
        AuditEvents.await(Map.of("type", "backchannel_logout_delivered", "client_id", app.clientId), e -> true);
    }

    @Test
    void registerWhenBackchannelUriOnAPrivateAddressThenInvalidClientMetadata() {
        for (String uri : List.of("https://10.1.2.3/logout", "https://169.254.169.254/latest", "https://[fd00::1]/")) {
            Response refused = RestAssured.given()
                    .header("Authorization", "Bearer " + Admin.initialAccessToken())
                    .contentType(ContentType.JSON)
                    .body(Map.of(
                            "client_name",
                            "An instance",
                            "redirect_uris",
                            List.of("https://blog.example.org/cb"),
                            "backchannel_logout_uri",
                            uri))
                    .post("/oauth/register");

            assertThat(refused.statusCode()).as(uri).isEqualTo(400);
            assertThat(refused.<String>path("error")).isEqualTo("invalid_client_metadata");
            assertThat(refused.<String>path("error_description")).contains("backchannel_logout_uri");
        }
    }

    @Test
    void registerWhenBackchannelUriPublicThenAnsweredBack() {
        Response registered = RestAssured.given()
                .header("Authorization", "Bearer " + Admin.initialAccessToken())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "client_name",
                        "An instance",
                        "redirect_uris",
                        List.of("https://blog.example.org/cb"),
                        "backchannel_logout_uri",
                        receiverUri(),
                        "backchannel_logout_session_required",
                        true))
                .post("/oauth/register");

        assertThat(registered.statusCode()).as(registered.asString()).isEqualTo(201);
        assertThat(registered.<String>path("backchannel_logout_uri")).isEqualTo(receiverUri());
        assertThat(registered.<Boolean>path("backchannel_logout_session_required"))
                .isTrue();
    }

    /** The account home answers the person's page to a signed-in browser, the sign-in page otherwise. */
    private static boolean signedIn(Browser browser) {
        return browser.get("/account", Map.of()).asString().contains("action=\"/account/passkeys\"");
    }

    private static String passkeyId(Response accountPage, String name) {
        Matcher m = Pattern.compile("data-passkey=\"([^\"]+)\">\\s*<h3>" + Pattern.quote(name) + "</h3>")
                .matcher(accountPage.asString());
        assertThat(m.find()).as(name).isTrue();
        return m.group(1);
    }

    private List<String> awaitTokens(int count) {
        return Awaitility.await("" + count + " logout tokens")
                .atMost(Duration.ofSeconds(20))
                .until(() -> List.copyOf(received), r -> r.size() >= count);
    }

    /** What a relying party does (§2.6): the provider's JWKS, its registered algorithm, typ logout+jwt. */
    private static JWTClaimsSet verified(String token, String alg) throws Exception {
        assertThat(SignedJWT.parse(token).getHeader().getType()).isEqualTo(new JOSEObjectType("logout+jwt"));
        JWKSet jwks = JWKSet.parse(RestAssured.get("/.well-known/jwks.json").asString());
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(new JOSEObjectType("logout+jwt")));
        processor.setJWSKeySelector(
                new JWSVerificationKeySelector<>(JWSAlgorithm.parse(alg), new ImmutableJWKSet<>(jwks)));
        return processor.process(token, null);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
