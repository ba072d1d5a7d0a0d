package dev.pressroom.auth.warmup;

import dev.pressroom.auth.request.FormBody;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.warmup.WarmUpClient;
import dev.pressroom.kernel.warmup.WarmUpClient.Answer;
import dev.pressroom.kernel.warmup.WarmUpClient.Request;
import dev.pressroom.kernel.warmup.WarmUpFailure;
import dev.pressroom.kernel.warmup.WarmUpPass;
import dev.pressroom.kernel.warmup.WarmUpRounds;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * One round is what a client and its person do: discovery, the JWK Set, the code flow on a signed-in session,
 * introspection, user info and refresh rotation, each answer checked as a client would check it. Token requests carry
 * the warm-up's pass ({@link WarmUpPass}); closing the session removes the identity ({@link WarmUpIdentities}).
 */
final class WarmUpFlows implements WarmUpRounds.Session {

    /** Refresh rotations per code flow: each grant holds one access token per rotation (AUTH_LIVE_TOKENS_PER_GRANT). */
    private static final int REFRESHES_PER_ROUND = 3;

    private final WarmUpIdentities.Identity identity;
    private final String sessionCookieHeader;
    private final String pass;
    private final String clientAuthorization;
    private final Runnable onClose;
    private final WarmUpClient http;

    WarmUpFlows(
            URI listener,
            WarmUpIdentities.Identity identity,
            String sessionCookieHeader,
            String pass,
            Runnable onClose) {
        this.identity = identity;
        this.sessionCookieHeader = sessionCookieHeader;
        this.pass = pass;
        this.onClose = onClose;
        this.http = new WarmUpClient(listener);
        String credentials = encode(identity.clientId()) + ":" + encode(identity.clientSecret());
        this.clientAuthorization =
                "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void round() throws IOException, WarmUpFailure {
        expect("discovery", http.send(Request.get("/.well-known/openid-configuration")), 200, "issuer");
        expect("JWK Set", http.send(Request.get("/.well-known/jwks.json")), 200, "keys");
        String verifier = Tokens.random(32);
        Answer authorized = http.send(Request.get("/oauth/authorize?"
                        + "response_type=code&client_id=" + encode(identity.clientId())
                        + "&redirect_uri=" + encode(WarmUpIdentities.REDIRECT_URI)
                        + "&scope=" + encode(String.join(" ", WarmUpIdentities.SCOPES))
                        + "&state=warm-up&nonce=" + Tokens.random(8)
                        + "&code_challenge=" + Pkce.s256(verifier) + "&code_challenge_method=S256")
                .header("Cookie", sessionCookieHeader));
        String code = FormBody.decode(
                        URI.create(authorized.header("Location")).getRawQuery(),
                        () -> new IllegalStateException("authorization answered a malformed redirect"))
                .getOrDefault("code", List.of())
                .stream()
                .findFirst()
                .orElse(null);
        if ((authorized.status() != 302 && authorized.status() != 303) || code == null) {
            throw new WarmUpFailure("authorization answered " + authorized.status() + " without a code");
        }
        Answer tokens = token("grant_type=authorization_code&code=" + encode(code) + "&redirect_uri="
                + encode(WarmUpIdentities.REDIRECT_URI) + "&code_verifier=" + verifier);
        String accessToken = tokens.member("access_token");
        Answer introspected = expect(
                "introspection",
                http.send(clientForm("/oauth/introspect", "token=" + encode(accessToken))),
                200,
                "active");
        if (!"true".equals(introspected.member("active"))) {
            throw new WarmUpFailure("introspection found the new access token inactive");
        }
        expect(
                "user info",
                http.send(Request.get("/oauth/userinfo").header("Authorization", "Bearer " + accessToken)),
                200,
                "sub");
        for (int i = 0; i < REFRESHES_PER_ROUND; i++) {
            tokens = token("grant_type=refresh_token&refresh_token=" + encode(tokens.member("refresh_token")));
        }
    }

    @Override
    public void close() {
        http.close();
        onClose.run();
    }

    private Answer token(String form) throws IOException, WarmUpFailure {
        Answer answer = expect("token", http.send(clientForm("/oauth/token", form)), 200, "access_token");
        if (answer.member("refresh_token") == null || answer.member("id_token") == null) {
            throw new WarmUpFailure("token answer without a refresh token or ID token");
        }
        return answer;
    }

    private Request clientForm(String path, String form) {
        return Request.post(path, "application/x-www-form-urlencoded", form)
                .header("Authorization", clientAuthorization)
                .header(WarmUpPass.HEADER, pass);
    }

    /** The answer, if it has the status and the member a client would look for. */
    private static Answer expect(String step, Answer answer, int status, String member) throws WarmUpFailure {
        if (answer.status() != status) {
            throw new WarmUpFailure(step + " answered " + answer.status());
        }
        if (answer.member(member) == null) {
            throw new WarmUpFailure(step + " answered without " + member);
        }
        return answer;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
