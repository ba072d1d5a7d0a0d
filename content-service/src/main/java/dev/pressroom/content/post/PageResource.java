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

/** GET /pages and /pages/:slugOrId. */
@Path("/api/content/v1/blogs/{blog}/pages")
@Produces(MediaType.APPLICATION_JSON)
public class PageResource {

    private final PostAnswers answers;

    public PageResource(PostAnswers answers) {
        this.answers = answers;
    }

    @GET
    public Uni<Response> list(
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.list("page", context, uri, ifNoneMatch);
    }

    @GET
    @Path("{slugOrId}")
    public Uni<Response> one(
            @PathParam("slugOrId") String slugOrId,
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.one("page", slugOrId, context, uri, ifNoneMatch);
    }
}
