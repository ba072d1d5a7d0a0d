package dev.pressroom.content.ghost;

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

/** Ghost's browse and its two reads (by id, by slug) of one resource: posts, pages, tags or authors. */
@Produces(MediaType.APPLICATION_JSON)
abstract class GhostBrowseReadResource {

    static final String BASE = "/api/content/v1/blogs/{blog}/ghost/api/content";

    private final GhostAnswers answers;
    private final String resource;

    GhostBrowseReadResource(GhostAnswers answers, String resource) {
        this.answers = answers;
        this.resource = resource;
    }

    @GET
    public Uni<Response> browse(
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.browse(resource, context, uri, ifNoneMatch);
    }

    @GET
    @Path("{id}")
    public Uni<Response> readById(
            @PathParam("id") String id,
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.read(resource, id, false, context, uri, ifNoneMatch);
    }

    @GET
    @Path("slug/{slug}")
    public Uni<Response> readBySlug(
            @PathParam("slug") String slug,
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.read(resource, slug, true, context, uri, ifNoneMatch);
    }
}
