package dev.pressroom.content.api;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Successful Content API answers: 200 with the body or 304 without, both with ETag and Cache-Control (the spec's
 * rule, see {@code cdn.EdgeCaching}), and a 200 with its surrogate keys when a CDN style is configured.
 */
public final class Responses {

    private Responses() {}

    public static Response of(Answer answer) {
        return of(answer, MediaType.APPLICATION_JSON_TYPE);
    }

    /** The same for an answer of another type (feeds, sitemaps). */
    public static Response of(Answer answer, MediaType type) {
        Response.ResponseBuilder builder =
                answer.notModified() ? Response.status(Response.Status.NOT_MODIFIED) : Response.ok(answer.body(), type);
        builder.header("ETag", answer.etag())
                .header("Cache-Control", answer.edge().cacheControl());
        if (answer.edge().hasKeys()) {
            builder.header(answer.edge().keyHeader(), answer.edge().keys());
        }
        return builder.build();
    }
}
