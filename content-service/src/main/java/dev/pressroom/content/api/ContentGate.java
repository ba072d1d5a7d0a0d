package dev.pressroom.content.api;

import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.blog.BlogDirectory;
import dev.pressroom.content.key.ContentKey;
import dev.pressroom.content.key.KeyDirectory;
import dev.pressroom.content.key.Origins;
import dev.pressroom.content.ratelimit.InvalidKeys;
import dev.pressroom.content.ratelimit.RateLimiter;
import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.net.ClientAddress;
import dev.pressroom.kernel.warmup.WarmUpPass;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Every Content API read passes here first: key present (401 missing_key), an address that sent too many invalid keys
 * (429), rate limits (429), blog exists (404), key valid for this blog (401 invalid_key, counted per address by
 * {@link InvalidKeys}), blog public (404), browser origin allowed by the key (403).
 * Feeds and sitemaps ({@link PublicPaths}) need no key: address limit, blog exists and is public.
 */
public class ContentGate {

    static final String PREFIX = "/api/content/";
    private static final String AUTH_SCHEME = "Key ";

    private final BlogDirectory blogs;
    private final KeyDirectory keys;
    private final RateLimiter limiter;
    private final InvalidKeys invalidKeys;
    private final WarmUpPass warmUp;

    public ContentGate(
            BlogDirectory blogs, KeyDirectory keys, RateLimiter limiter, InvalidKeys invalidKeys, WarmUpPass warmUp) {
        this.blogs = blogs;
        this.keys = keys;
        this.limiter = limiter;
        this.invalidKeys = invalidKeys;
        this.warmUp = warmUp;
    }

    @ServerRequestFilter
    public Uni<Void> admit(ContainerRequestContext context, HttpServerRequest request) {
        String path = context.getUriInfo().getPath();
        if (!path.startsWith(PREFIX) || "OPTIONS".equals(context.getMethod())) {
            return Uni.createFrom().voidItem();
        }
        if (holdsNul(context.getUriInfo().getPathParameters())) {
            // PostgreSQL text cannot hold NUL, so no blog, post, tag or author is named with one.
            return Uni.createFrom().failure(ApiException.notFound("No such resource."));
        }
        String blogRef = context.getUriInfo().getPathParameters().getFirst("blog");
        String address = ClientAddress.of(request);
        if (PublicPaths.isPublic(path)) {
            return admitPublic(context, request, address, blogRef);
        }
        String key = key(context);
        ApiException blocked = invalidKeys.blocked(address);
        if (blocked != null) {
            return Uni.createFrom().failure(blocked);
        }
        String keyHash = keys.hash(key);
        String origin = context.getHeaderString("Origin");
        return limited(request, keyHash, address)
                .chain(() -> blogs.find(blogRef))
                .map(blog -> blog.orElseThrow(() -> ApiException.notFound("No such blog.")))
                .chain(blog -> keys.find(keyHash).chain(found -> admit(blog, found, origin, address)))
                .invoke(admitted -> context.setProperty(ContentRequest.PROPERTY, admitted))
                .replaceWithVoid();
    }

    /** Feeds and sitemaps: readers and crawlers have no key, so only the address limit and the blog's privacy apply. */
    private Uni<Void> admitPublic(
            ContainerRequestContext context, HttpServerRequest request, String address, String blogRef) {
        return limited(request, null, address)
                .chain(() -> blogs.find(blogRef))
                .map(blog ->
                        blog.filter(b -> !b.privateBlog()).orElseThrow(() -> ApiException.notFound("No such blog.")))
                .invoke(blog -> context.setProperty(ContentRequest.PROPERTY, new ContentRequest(blog, "*")))
                .replaceWithVoid();
    }

    /** The warm-up's own requests (kernel {@link WarmUpPass}) are not counted: they would meet the limits at once. */
    private Uni<Void> limited(HttpServerRequest request, String keyHash, String address) {
        return warmUp.carriedBy(request) ? Uni.createFrom().voidItem() : limiter.check(keyHash, address);
    }

    /** A key that could have been right and is not counts against the address (a malformed header guesses nothing). */
    private Uni<ContentRequest> admit(Blog blog, Optional<ContentKey> key, String origin, String address) {
        if (key.isEmpty() || !key.get().validFor(blog.id())) {
            return invalidKeys.failed(
                    address,
                    new ApiException(
                            401,
                            "UnauthorizedError",
                            "invalid_key",
                            "The content key is unknown, revoked, or belongs to another blog.",
                            challenge()));
        }
        return Uni.createFrom().item(admitted(blog, key.get(), origin));
    }

    private static ContentRequest admitted(Blog blog, ContentKey key, String origin) {
        if (blog.privateBlog()) {
            throw ApiException.notFound("No such blog.");
        }
        if (key.allowsAnySite()) {
            return new ContentRequest(blog, "*");
        }
        if (origin == null) {
            // Not a browser request: the allowed sites only restrict what browsers may read.
            return new ContentRequest(blog, "*");
        }
        if (Origins.normalize(origin).filter(key.allowedOrigins()::contains).isEmpty()) {
            throw new ApiException(
                    403,
                    "ForbiddenError",
                    "origin_not_allowed",
                    "This content key does not allow requests from the site " + origin + ".");
        }
        return new ContentRequest(blog, origin);
    }

    /** The key from {@code Authorization: Key <key>}, else from {@code ?key=}. */
    private static String key(ContainerRequestContext context) {
        String header = context.getHeaderString("Authorization");
        if (header != null
                && header.regionMatches(true, 0, AUTH_SCHEME, 0, AUTH_SCHEME.length())
                && header.length() > AUTH_SCHEME.length()) {
            return header.substring(AUTH_SCHEME.length()).strip();
        }
        if (header != null) {
            throw new ApiException(
                    401,
                    "UnauthorizedError",
                    "invalid_key",
                    "The Authorization header must be 'Key <content key>'.",
                    challenge());
        }
        String query = context.getUriInfo().getQueryParameters().getFirst("key");
        if (query == null || query.isBlank()) {
            throw new ApiException(
                    401,
                    "UnauthorizedError",
                    "missing_key",
                    "A content key is required: ?key=<key> or the header Authorization: Key <key>.",
                    challenge());
        }
        return query;
    }

    /** RFC 9110 §11.6.1: a 401 names the scheme that would work. */
    private static Map<String, String> challenge() {
        return Map.of("WWW-Authenticate", "Key realm=\"content\"");
    }

    /** A loop rather than a stream: it runs on every request (a stream pipeline cost 1% of a cached answer). */
    private static boolean holdsNul(MultivaluedMap<String, String> parameters) {
        for (List<String> values : parameters.values()) {
            for (String value : values) {
                if (value.indexOf('\0') >= 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
