package dev.pressroom.manifest.api;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The three report formats and how the Accept header picks one (JSON when the client accepts anything). */
public enum ReportFormat {
    JSON(MediaType.APPLICATION_JSON),
    TEXT(MediaType.TEXT_PLAIN + ";charset=utf-8"),
    SARIF(ReportFormat.SARIF_TYPE);

    public static final String SARIF_TYPE = "application/sarif+json";

    private final String contentType;

    ReportFormat(String contentType) {
        this.contentType = contentType;
    }

    public String contentType() {
        return contentType;
    }

    /**
     * The format the request's Accept header asks for. An empty Accept counts as absent (any type, RFC 9110 §12.5.1):
     * JAX-RS would fail to parse it, while routing has already refused malformed ones with 406.
     */
    static ReportFormat negotiate(HttpHeaders headers) {
        String accept = headers.getHeaderString(HttpHeaders.ACCEPT);
        return accept == null || accept.isBlank() ? JSON : negotiate(headers.getAcceptableMediaTypes());
    }

    /** {@code acceptable} comes sorted by preference (JAX-RS); the first type we can produce wins. */
    static ReportFormat negotiate(List<MediaType> acceptable) {
        for (MediaType type : acceptable) {
            if (type.isWildcardType()) {
                return JSON;
            }
            if (type.getType().equals("application")) {
                if (type.getSubtype().equals("sarif+json")) {
                    return SARIF;
                }
                if (type.isWildcardSubtype() || type.getSubtype().equals("json")) {
                    return JSON;
                }
            }
            if (type.getType().equals("text")
                    && (type.isWildcardSubtype() || type.getSubtype().equals("plain"))) {
                return TEXT;
            }
        }
        return JSON;
    }
}
