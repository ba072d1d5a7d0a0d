package dev.pressroom.manifest.api;

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
            if (type.getType().equals("text") && (type.isWildcardSubtype() || type.getSubtype().equals("plain"))) {
                return TEXT;
            }
        }
        return JSON;
    }
}
