package dev.pressroom.content.cdn;

import dev.pressroom.content.config.ContentConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;

/**
 * What public answers tell caches: the spec's Cache-Control ({@code public, max-age=60, stale-while-revalidate=300}),
 * with {@code s-maxage} and {@code stale-if-error} when configured, and the answer's surrogate keys in the configured
 * CDN's header. Errors keep their own {@code no-store} and never get keys.
 */
@ApplicationScoped
public class EdgeCaching {

    private final CdnStyle style;
    private final int maxHeaderBytes;
    private final String cacheControl;

    public EdgeCaching(ContentConfig config) {
        ContentConfig.Cdn cdn = config.cdn();
        this.style = cdn.surrogateKeys();
        this.maxHeaderBytes = cdn.maxHeaderBytes();
        this.cacheControl = cacheControl(cdn.sMaxage(), cdn.staleIfError());
    }

    /**
     * RFC 9111 §5.2.2.10 ({@code s-maxage}: shared caches only, so an edge that is purged can keep answers longer
     * than browsers, which cannot be) and RFC 5861 §4 ({@code stale-if-error}: an edge may serve a stale answer
     * while this service fails).
     */
    static String cacheControl(Optional<Duration> sMaxage, Optional<Duration> staleIfError) {
        StringBuilder value = new StringBuilder("public, max-age=60");
        sMaxage.ifPresent(d -> value.append(", s-maxage=").append(d.toSeconds()));
        value.append(", stale-while-revalidate=300");
        staleIfError.ifPresent(d -> value.append(", stale-if-error=").append(d.toSeconds()));
        return value.toString();
    }

    /** The headers of a full answer: its keys are read from the body once, when it is built (then cached with it). */
    public EdgeHeaders full(String blogId, String variant, byte[] body) {
        if (style == CdnStyle.OFF) {
            return withoutKeys();
        }
        return new EdgeHeaders(
                cacheControl,
                style.header(),
                SurrogateKeys.header(SurrogateKeys.of(blogId, variant, body), style, maxHeaderBytes));
    }

    /**
     * The headers of a 304, and of every answer while keys are off: no keys, so a cache that revalidates keeps those it stored with the answer (RFC 9111
     * §4.3.4 replaces only the fields a 304 carries), which are the same, since the ETag is.
     */
    public EdgeHeaders withoutKeys() {
        return new EdgeHeaders(cacheControl, null, null);
    }
}
