package dev.pressroom.content.ghost;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Ghost's base URL on a blog's custom domain: {@code https://food.example.com/ghost/api/content/posts/} is answered as
 * {@code /api/content/v1/blogs/food.example.com/ghost/api/content/posts/}, where the blog is found by that domain
 * ({@code blog.BlogDirectory}), so a Ghost front end keeps the URL it had when its ingress sends the domain's
 * {@code /ghost/} here. Everything after the reroute (key, limits, caching) is the path form's. A Host that is no
 * host name is left alone (404).
 */
@ApplicationScoped
public class GhostCustomDomains {

    static final String GHOST_BASE = "/ghost/api/content/";
    private static final Pattern HOST_NAME =
            Pattern.compile("(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}");
    /** Before the access log's and every other filter's routing, which then see the rerouted path. */
    private static final int PRIORITY = 20_000;

    void register(@Observes Filters filters) {
        filters.register(this::reroute, PRIORITY);
    }

    private void reroute(RoutingContext rc) {
        String path = rc.request().path();
        // Every request passes here: the Host is read only for Ghost's base URL.
        if (path == null || !path.startsWith(GHOST_BASE)) {
            rc.next();
            return;
        }
        HostAndPort authority = rc.request().authority();
        String host = authority == null ? null : authority.host().toLowerCase(Locale.ROOT);
        if (host == null || !HOST_NAME.matcher(host).matches()) {
            rc.next();
            return;
        }
        String query = rc.request().query();
        rc.reroute("/api/content/v1/blogs/" + host + "/ghost/api/content/" + path.substring(GHOST_BASE.length())
                + (query == null ? "" : "?" + query));
    }
}
