package dev.pressroom.auth.endpoint;

import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Headers every answer of the account service carries. Pages may not be framed (clickjacking on consent),
 * run no script, and send no Referer that could carry a code or state.
 */
public class SecurityHeadersFilter {

    static final String CSP = "default-src 'none'; style-src 'self'; img-src 'self' https: data:; "
            + "frame-ancestors 'none'; base-uri 'none'";

    @ServerResponseFilter
    public void headers(ContainerResponseContext response) {
        var headers = response.getHeaders();
        headers.putSingle("X-Content-Type-Options", "nosniff");
        headers.putSingle("Referrer-Policy", "no-referrer");
        MediaType type = response.getMediaType();
        if (type != null && type.isCompatible(MediaType.TEXT_HTML_TYPE) || response.getStatus() == 303) {
            headers.putSingle("Content-Security-Policy", CSP);
            headers.putSingle("X-Frame-Options", "DENY");
            headers.putSingle("Cache-Control", "no-store");
        }
    }
}
