package dev.pressroom.auth.warmup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import dev.pressroom.kernel.warmup.WarmUpClient;
import dev.pressroom.kernel.warmup.WarmUpFailure;
import dev.pressroom.kernel.warmup.WarmUpPass;
import dev.pressroom.kernel.warmup.WarmUpRounds;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One round is what a client and its person do: discovery, the JWK Set, the code flow on a signed-in session,
 * introspection, user info and refresh rotation, each answer checked as a client would check it. Token requests carry
 * the warm-up's pass ({@link WarmUpPass}); closing the session removes the identity ({@link WarmUpIdentities}).
 */
final class WarmUpFlows implements WarmUpRounds.Session {

    /** Refresh rotations per code flow: each grant holds one access token per rotation (AUTH_LIVE_TOKENS_PER_GRANT). */
    private static final int REFRESHES_PER_ROUND = 3;

    private static final Pattern CODE = Pattern.compile("[?&]code=([^&]+)");

    private final URI listener;
    private final WarmUpIdentities.Identity identity;
    private final String sessionCookieHeader;
    private final String pass;
    private final Runnable onClose;
    private final WarmUpClient http = new WarmUpClient();
    private final ObjectMapper json = new ObjectMapper();

    WarmUpFlows(
            URI listener,
            WarmUpIdentities.Identity identity,
            String sessionCookieHeader,
            String pass,
            Runnable onClose) {
        this.listener = listener;
        this.identity = identity;
        this.sessionCookieHeader = sessionCookieHeader;
        this.pass = pass;
        this.onClose = onClose;
    }

    @Override
    public void round() throws IOException, InterruptedException, WarmUpFailure {
        expect("discovery", get("/.well-known/openid-configuration", null), 200, "issuer");
        expect("JWK Set", get("/.well-known/jwks.json", null), 200, "keys");
        String verifier = Tokens.random(32);
        HttpResponse<String> authorized = http.send(HttpRequest.newBuilder(listener.resolve("/oauth/authorize?"
                        + "response_type=code&client_id=" + encode(identity.clientId())
                        + "&redirect_uri=" + encode(WarmUpIdentities.REDIRECT_URI)
                        + "&scope=" + encode(String.join(" ", WarmUpIdentities.SCOPES))
                        + "&state=warm-up&nonce=" + Tokens.random(8)
                        + "&code_challenge=" + Pkce.s256(verifier) + "&code_challenge_method=S256"))
                .header("Cookie", sessionCookieHeader)
                .GET());
        Matcher code = CODE.matcher(authorized.headers().firstValue("Location").orElse(""));
        if ((authorized.statusCode() != 302 && authorized.statusCode() != 303) || !code.find()) {
            throw new WarmUpFailure("authorization answered " + authorized.statusCode() + " without a code");
        }
        JsonNode tokens = token("grant_type=authorization_code&code=" + code.group(1) + "&redirect_uri="
                + encode(WarmUpIdentities.REDIRECT_URI) + "&code_verifier=" + verifier);
        String accessToken = tokens.path("access_token").asText();
        JsonNode introspected = expect(
                "introspection",
                http.send(clientForm("/oauth/introspect", "token=" + encode(accessToken))),
                200,
                "active");
        if (!introspected.path("active").asBoolean()) {
            throw new WarmUpFailure("introspection found the new access token inactive");
        }
        expect("user info", get("/oauth/userinfo", accessToken), 200, "sub");
        for (int i = 0; i < REFRESHES_PER_ROUND; i++) {
            tokens = token("grant_type=refresh_token&refresh_token="
                    + encode(tokens.path("refresh_token").asText()));
        }
    }

    @Override
    public void close() {
        onClose.run();
    }

    private JsonNode token(String form) throws IOException, InterruptedException, WarmUpFailure {
        JsonNode answer = expect("token", http.send(clientForm("/oauth/token", form)), 200, "access_token");
        if (!answer.hasNonNull("refresh_token") || !answer.hasNonNull("id_token")) {
            throw new WarmUpFailure("token answer without a refresh token or ID token");
        }
        return answer;
    }

    private HttpRequest.Builder clientForm(String path, String form) {
        String credentials = encode(identity.clientId()) + ":" + encode(identity.clientSecret());
        return HttpRequest.newBuilder(listener.resolve(path))
                .header(
                        "Authorization",
                        "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header(WarmUpPass.HEADER, pass)
                .POST(HttpRequest.BodyPublishers.ofString(form));
    }

    private HttpResponse<String> get(String path, String bearer) throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(listener.resolve(path)).GET();
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        return http.send(request);
    }

    /** The answer's JSON, if it has the status and the member a client would look for. */
    private JsonNode expect(String step, HttpResponse<String> answer, int status, String member)
            throws IOException, WarmUpFailure {
        if (answer.statusCode() != status) {
            throw new WarmUpFailure(step + " answered " + answer.statusCode());
        }
        JsonNode body = json.readTree(answer.body());
        if (!body.has(member)) {
            throw new WarmUpFailure(step + " answered without " + member);
        }
        return body;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
