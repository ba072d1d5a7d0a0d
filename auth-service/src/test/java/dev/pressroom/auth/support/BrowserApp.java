package dev.pressroom.auth.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.pressroom.auth.validate.Pkce;
import dev.pressroom.kernel.id.Tokens;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An app for the browser tests: its own pages on a loopback server (where the provider sends the person back, redirect
 * and post-logout URIs) and first-party clients registered for them.
 */
public record BrowserApp(String id, String secret, String verifier, String state) {

    private static HttpServer server;
    private static String base;

    /** Starts the app's pages; answers their base URL. */
    public static synchronized String start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] page = "<!DOCTYPE html><html lang=\"en\"><title>Back in the app</title><h1>Back in the app</h1>"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
        return base;
    }

    public static synchronized void stop() {
        server.stop(0);
    }

    /** The query the app received at {@code path} of the browser's {@code url}; fails if it is anywhere else. */
    public static Map<String, String> backAt(String url, String path) {
        URI at = URI.create(url);
        assertThat(at.getScheme() + "://" + at.getAuthority() + at.getPath()).isEqualTo(base + path);
        Map<String, String> query = new HashMap<>();
        if (at.getRawQuery() != null) {
            for (String pair : at.getRawQuery().split("&", -1)) {
                int eq = pair.indexOf('=');
                query.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return query;
    }

    public static BrowserApp register(String name, boolean verified) {
        String id =
                "app-" + Tokens.random(6).replace('-', 'x').replace('_', 'y').toLowerCase(Locale.ROOT);
        String secret = Admin.admin()
                .body(Map.of(
                        "client_name",
                        name,
                        "redirect_uris",
                        List.of(base + "/cb"),
                        "scope",
                        "openid profile email",
                        "token_endpoint_auth_method",
                        "client_secret_basic",
                        "post_logout_redirect_uris",
                        List.of(base + "/bye")))
                .put("/admin/clients/" + id)
                .then()
                .statusCode(200)
                .extract()
                .path("client_secret");
        if (verified) {
            Admin.admin()
                    .body(Map.of("verified_by", "staff@example.test"))
                    .post("/admin/clients/" + id + "/verify")
                    .then()
                    .statusCode(200);
        }
        return new BrowserApp(id, secret, Tokens.random(32), "st-" + Tokens.random(6));
    }

    public String authorizeUrl() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("response_type", "code");
        p.put("client_id", id);
        p.put("redirect_uri", base + "/cb");
        p.put("scope", "openid profile email");
        p.put("state", state);
        p.put("nonce", "n-" + Tokens.random(6));
        p.put("code_challenge", Pkce.s256(verifier));
        p.put("code_challenge_method", "S256");
        return "/oauth/authorize?"
                + p.entrySet().stream()
                        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
    }

    /** The code exchange at the token endpoint; answers the ID token. */
    public String exchange(String code) {
        return Admin.publicApi()
                .auth()
                .preemptive()
                .basic(id, secret)
                .formParams(Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        base + "/cb",
                        "code_verifier",
                        verifier))
                .post("/oauth/token")
                .then()
                .statusCode(200)
                .extract()
                .path("id_token");
    }
}
