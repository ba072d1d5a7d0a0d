package dev.pressroom.auth.endpoint;

import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Headers every answer of the account service carries. Pages may not be framed (clickjacking on consent),
 * run only this host's own script files (passkeys.js; nothing inline), send no Referer that could carry a code or state, and submit forms only to this host.
 */
public class SecurityHeadersFilter {

    static final String CSP = policy("'self'");

    /**
     * {@code form-action} lists where a page's forms may post. Chrome and Safari also check the redirect that
     * answers a submission against it (w3c/webappsec-csp#8; Firefox does not), so the sign-in and consent pages,
     * whose POST ends in a 303 to the client, add the origin of that request's redirect URI (below).
     */
    static String policy(String formTargets) {
        return "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' https: data:;"
                + " form-action " + formTargets
                + "; frame-ancestors 'none'; base-uri 'none'";
    }

    /** The policy of a page whose form may end in a redirect to {@code redirectUri} (already validated). */
    static String policyRedirectingTo(String redirectUri) {
        URI uri = URI.create(redirectUri);
        String host = uri.getHost();
        // A CSP host-source cannot name an IPv6 literal ([::1], RFC 8252 loopback) and a private-use scheme
        // (com.example.app:/cb) has no host: for those the scheme alone is allowed.
        String target = host == null || host.startsWith("[")
                ? uri.getScheme() + ":"
                : uri.getScheme() + "://" + host + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
        return policy("'self' " + target);
    }

    @ServerResponseFilter
    public void headers(ContainerResponseContext response) {
        var headers = response.getHeaders();
        headers.putSingle("X-Content-Type-Options", "nosniff");
        headers.putSingle("Referrer-Policy", "no-referrer");
        MediaType type = response.getMediaType();
        if ((type != null && type.isCompatible(MediaType.TEXT_HTML_TYPE)) || response.getStatus() == 303) {
            headers.putIfAbsent("Content-Security-Policy", List.of(CSP));
            headers.putSingle("X-Frame-Options", "DENY");
            headers.putSingle("Cache-Control", "no-store");
        }
    }
}
