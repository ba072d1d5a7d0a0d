package dev.pressroom.kernel.error;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Builds error answers in the envelope. Errors are never stored by shared caches (RFC 9111 §5.2.2.5). */
public final class ErrorResponses {

    private ErrorResponses() {}

    public static Response of(ApiException e) {
        Response.ResponseBuilder builder = Response.status(e.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store")
                .entity(e.envelope());
        e.headers().forEach(builder::header);
        return builder.build();
    }
}
