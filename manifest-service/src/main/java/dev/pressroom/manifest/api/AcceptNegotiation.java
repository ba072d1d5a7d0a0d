package dev.pressroom.manifest.api;

import dev.pressroom.manifest.report.ReportFormat;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** How the Accept header picks a report format (JSON when the client accepts anything). */
final class AcceptNegotiation {

    private AcceptNegotiation() {}

    /**
     * The format the request's Accept header asks for. An empty Accept counts as absent (any type, RFC 9110 §12.5.1):
     * JAX-RS would fail to parse it, while routing has already refused malformed ones with 406.
     */
    static ReportFormat negotiate(HttpHeaders headers) {
        String accept = headers.getHeaderString(HttpHeaders.ACCEPT);
        return accept == null || accept.isBlank() ? ReportFormat.JSON : negotiate(headers.getAcceptableMediaTypes());
    }

    /** {@code acceptable} comes sorted by preference (JAX-RS); the first type we can produce wins. */
    static ReportFormat negotiate(List<MediaType> acceptable) {
        for (MediaType type : acceptable) {
            if (type.isWildcardType()) {
                return ReportFormat.JSON;
            }
            if (type.getType().equals("application")) {
                if (type.getSubtype().equals("sarif+json")) {
                    return ReportFormat.SARIF;
                }
                if (type.isWildcardSubtype() || type.getSubtype().equals("json")) {
                    return ReportFormat.JSON;
                }
            }
            if (type.getType().equals("text")
                    && (type.isWildcardSubtype() || type.getSubtype().equals("plain"))) {
                return ReportFormat.TEXT;
            }
        }
        return ReportFormat.JSON;
    }
}
