package dev.pressroom.content.post;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The list and the one-item endpoints of a post type ({@code post} or {@code page}). Each type is its own resource
 * class with its own path, so metrics and access logs name {@code /posts} and {@code /pages} apart.
 */
@Produces(MediaType.APPLICATION_JSON)
abstract class PostTypeResource {

    private final PostAnswers answers;
    private final String type;

    PostTypeResource(PostAnswers answers, String type) {
        this.answers = answers;
        this.type = type;
    }

    @GET
    public Uni<Response> list(
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.list(type, context, uri, ifNoneMatch);
    }

    @GET
    @Path("{slugOrId}")
    public Uni<Response> one(
            @PathParam("slugOrId") String slugOrId,
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.one(type, slugOrId, context, uri, ifNoneMatch);
    }
}
