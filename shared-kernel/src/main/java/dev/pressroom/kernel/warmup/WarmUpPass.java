package dev.pressroom.kernel.warmup;

import dev.pressroom.kernel.id.Tokens;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * What lets the warm-up's own requests past the per-address limits (auth-service's token limit, content-service's
 * address and key limits), which would stop it within a second: a random key that exists only in this process while
 * a warm-up runs, sent over loopback in {@link #HEADER} and never logged. Outside a warm-up no value of the header
 * does anything.
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
