package dev.pressroom.content.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * CORS of the Content API. Preflights (any OPTIONS under the API) answer 204 before routing: the key is not sent
 * with a preflight, so the real request is where allowed sites are checked. Every answer, errors included (so
 * browser code can read them), carries Access-Control-Allow-Origin and Vary on the headers it depends on.
 */
public class CorsHeaders {

    static final String METHODS = "GET, OPTIONS";
    static final String PREFLIGHT_MAX_AGE = "86400";
    /** Accept-Version: Ghost's official client sends it from browsers too (README, "Ghost compatibility"). */
    static final String ALLOWED_HEADERS = "Authorization, Accept-Version";

    @ServerRequestFilter(preMatching = true)
    public Response preflight(ContainerRequestContext context) {
        if (!"OPTIONS".equals(context.getMethod())
                || !context.getUriInfo().getPath().startsWith(ContentGate.PREFIX)) {
            return null;
        }
        return Response.noContent()
                .header("Allow", METHODS)
                .header("Access-Control-Allow-Origin", "*")
                .header("Access-Control-Allow-Methods", METHODS)
                .header("Access-Control-Allow-Headers", ALLOWED_HEADERS)
                .header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE)
                .header("Cache-Control", "public, max-age=" + PREFLIGHT_MAX_AGE)
                .build();
    }

    @ServerResponseFilter
    public void headers(ContainerRequestContext request, ContainerResponseContext response) {
        if (!request.getUriInfo().getPath().startsWith(ContentGate.PREFIX) || "OPTIONS".equals(request.getMethod())) {
            return;
        }
        ContentRequest admitted = ContentRequest.of(request);
        MultivaluedMap<String, Object> headers = response.getHeaders();
        headers.putSingle("Access-Control-Allow-Origin", admitted == null ? "*" : admitted.allowOrigin());
        headers.putSingle("Access-Control-Expose-Headers", "ETag, Retry-After");
        // The answer (and its CORS header) depends on the key, which may come in Authorization, and on Origin.
        headers.putSingle("Vary", "Authorization, Origin");
        if (response.getStatus() == 405) {
            // RFC 9110 §15.5.6: a 405 lists the methods the resource supports.
            headers.putSingle("Allow", METHODS);
        }
    }
}
