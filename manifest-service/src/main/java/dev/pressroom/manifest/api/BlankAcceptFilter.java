package dev.pressroom.manifest.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * An empty Accept header counts as absent, meaning any type (RFC 9110 §12.5.1), before routing: JAX-RS would fail to
 * parse it (400) wherever a path has several methods to choose from, as /v1/packages/validate has (zip and multipart).
 */
public class BlankAcceptFilter {

    @ServerRequestFilter(preMatching = true)
    public void blankAcceptIsAbsent(ContainerRequestContext request) {
        String accept = request.getHeaderString(HttpHeaders.ACCEPT);
        if (accept != null && accept.isBlank()) {
            request.getHeaders().remove(HttpHeaders.ACCEPT);
        }
    }
}
