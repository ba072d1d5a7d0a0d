package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.kernel.id.Tokens;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * The two browser cookies, the session and the CSRF token: HttpOnly, SameSite=Lax, Path=/, Secure outside dev.
 * With an https issuer their names carry the __Host- prefix (RFC 6265bis §4.1.3.2): the browser then keeps them
 * only if they are Secure, for Path=/ and without Domain, so a sibling subdomain or a plain-http page cannot plant
 * or overwrite them. They are read here by that name only. The header is written by Vert.x (Netty's RFC 6265
 * encoder), because jakarta's NewCookie is serialised with the obsolete {@code Version=1} of RFC 2109.
 */
@ApplicationScoped
public class Cookies {

    private static final String HOST_PREFIX = "__Host-";

    private final String sessionName;
    private final String csrfName;
    private final boolean secure;
    private final long sessionMaxAge;

    public Cookies(AuthConfig config) {
        boolean https = config.issuer().startsWith("https://");
        this.sessionName = (https ? HOST_PREFIX : "") + "pr_session";
        this.csrfName = (https ? HOST_PREFIX : "") + "pr_csrf";
        this.secure = https || config.cookieSecure();
        this.sessionMaxAge = config.sessionTtl().toSeconds();
    }

    /** The session cookie's value in this request, or null. */
    public String session(HttpHeaders request) {
        return read(request, sessionName);
    }

    /** The CSRF cookie's value in this request, or null. */
    public String csrf(HttpHeaders request) {
        return read(request, csrfName);
    }

    /** Set-Cookie values. */
    public String newSession(String value) {
        return encode(Cookie.cookie(sessionName, value).setMaxAge(sessionMaxAge));
    }

    /** The Cookie request header of a browser holding this session (the warm-up's own requests). */
    public String sessionHeader(String value) {
        return sessionName + "=" + value;
    }

    public String clearSession() {
        return encode(Cookie.cookie(sessionName, "").setMaxAge(0));
    }

    /** A browser-session cookie (no Max-Age): the token lives as long as the browser keeps its pages. */
    public String newCsrf(String value) {
        return encode(Cookie.cookie(csrfName, value));
    }

    /** The browser's CSRF token, or a new one when it has none or a malformed one. */
    public static String csrfOrNew(String current) {
        return current != null && current.matches("[A-Za-z0-9_-]{43}") ? current : Tokens.random(32);
    }

    private static String read(HttpHeaders request, String name) {
        jakarta.ws.rs.core.Cookie cookie = request.getCookies().get(name);
        return cookie == null ? null : cookie.getValue();
    }

    private String encode(Cookie cookie) {
        return cookie.setPath("/")
                .setHttpOnly(true)
                .setSecure(secure)
                .setSameSite(CookieSameSite.LAX)
                .encode();
    }
}
