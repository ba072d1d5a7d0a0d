package dev.pressroom.auth.warmup;

import dev.pressroom.kernel.id.Tokens;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * What lets the warm-up's own token requests past the per-address token limit (AUTH_TOKEN_RATE_LIMIT), which would
 * otherwise stop it after a few seconds: a random key that exists only in this process while a warm-up runs, sent
 * over loopback in {@link #HEADER} and never logged. Outside a warm-up no value of the header does anything.
 */
@ApplicationScoped
public class WarmUpPass {

    public static final String HEADER = "Pressroom-Warm-Up";

    private volatile String key;

    String open() {
        String opened = Tokens.random(32);
        key = opened;
        return opened;
    }

    void close() {
        key = null;
    }

    /** Whether this request is the running warm-up's own. */
    public boolean carriedBy(HttpServerRequest request) {
        String current = key;
        return current != null && Tokens.constantTimeEquals(current, request.getHeader(HEADER));
    }
}
