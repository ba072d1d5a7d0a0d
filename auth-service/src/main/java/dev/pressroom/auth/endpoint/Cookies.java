package dev.pressroom.auth.endpoint;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.kernel.id.Tokens;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.NewCookie;

/** The two browser cookies: the session and the CSRF token. HttpOnly, SameSite=Lax, Secure outside dev. */
@ApplicationScoped
public class Cookies {

    public static final String SESSION = "pr_session";
    public static final String CSRF = "pr_csrf";

    private final AuthConfig config;

    public Cookies(AuthConfig config) {
        this.config = config;
    }

    public NewCookie session(String value) {
        return build(SESSION, value, (int) config.sessionTtl().getSeconds());
    }

    public NewCookie clearSession() {
        return build(SESSION, "", 0);
    }

    public NewCookie csrf(String value) {
        return build(CSRF, value, NewCookie.DEFAULT_MAX_AGE);
    }

    /** The browser's CSRF token, or a new one when it has none or a malformed one. */
    public static String csrfOrNew(String current) {
        return current != null && current.matches("[A-Za-z0-9_-]{43}") ? current : Tokens.random(32);
    }

    private NewCookie build(String name, String value, int maxAge) {
        return new NewCookie.Builder(name).value(value).path("/").maxAge(maxAge).httpOnly(true)
                .secure(config.cookieSecure()).sameSite(NewCookie.SameSite.LAX).build();
    }
}
