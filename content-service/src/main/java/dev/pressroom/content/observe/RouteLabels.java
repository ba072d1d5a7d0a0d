package dev.pressroom.content.observe;

import io.vertx.core.Context;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * A bounded route for every answer, in the HTTP metrics' uri label, the server span's name and the access log.
 * Quarkus REST gives the matched method's template; an answer no method matched would be labelled with its raw path
 * (a blog name, a slug, anything a client makes up): preflights, answered before matching, are {@value #PREFLIGHT}
 * (Quarkus's own label for those with Access-Control-Request-* headers), a 405 is {@value #UNMATCHED}. A 404 no
 * resource matched stays Quarkus's NOT_FOUND.
 */
public class RouteLabels {

    static final String PREFLIGHT = "/cors-preflight";
    static final String UNMATCHED = "/unmatched";
    /** Where Quarkus REST keeps the matched template for metrics, traces and the access log (kernel AccessLogRoute). */
    private static final String TEMPLATE = "UrlPathTemplate";

    @ServerResponseFilter
    public void label(ContainerRequestContext request, ContainerResponseContext response, HttpServerRequest http) {
        Context context = ((HttpServerRequestInternal) http).context();
        if (context.getLocal(TEMPLATE) != null || response.getStatus() == 404) {
            return;
        }
        context.putLocal(TEMPLATE, "OPTIONS".equals(request.getMethod()) ? PREFLIGHT : UNMATCHED);
    }
}
