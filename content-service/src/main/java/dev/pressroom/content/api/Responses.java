package dev.pressroom.content.api;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Successful Content API answers: 200 with the body or 304 without, both with ETag and the caching rule of the spec. */
public final class Responses {

    public static final String CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

    private Responses() {}

    public static Response of(Answer answer) {
        return of(answer, MediaType.APPLICATION_JSON_TYPE);
    }

    /** The same for an answer of another type (feeds, sitemaps). */
    public static Response of(Answer answer, MediaType type) {
        Response.ResponseBuilder builder =
                answer.notModified() ? Response.status(Response.Status.NOT_MODIFIED) : Response.ok(answer.body(), type);
        return builder.header("ETag", answer.etag())
                .header("Cache-Control", CACHE_CONTROL)
                .build();
    }
}
