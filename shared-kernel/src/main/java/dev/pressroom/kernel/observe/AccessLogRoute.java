package dev.pressroom.kernel.observe;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Puts the matched route template ({@code /api/content/v1/blogs/{blog}/posts/slug/{slug}}) where the access log's
 * {@code %{d,route}} reads it, so a log line can be grouped by endpoint like the metrics. Quarkus REST keeps the
 * template in the request's Vert.x context, which the access log cannot reach; a request no resource matched logs
 * {@code -}.
 */
@ApplicationScoped
public class AccessLogRoute {

    /** The routing-context key the access-log pattern names. */
    public static final String KEY = "route";
    /** Where Quarkus REST's observability handler leaves the template (ObservabilityUtil). */
    private static final String REST_TEMPLATE = "UrlPathTemplate";

    private static final int FIRST = 10_000;

    void register(@Observes Filters filters) {
        filters.register(this::recordAtResponse, FIRST);
    }

    private void recordAtResponse(RoutingContext rc) {
        rc.addHeadersEndHandler(ignored -> rc.put(KEY, template(rc)));
        rc.next();
    }

    private static String template(RoutingContext rc) {
        Object template = ((HttpServerRequestInternal) rc.request()).context().getLocal(REST_TEMPLATE);
        return template instanceof String path && !path.isEmpty() ? path : "-";
    }
}
