package dev.pressroom.content.tag;

import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Responses;
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

/** GET /tags and /tags/:slug. */
@Path("/api/content/v1/blogs/{blog}/tags")
@Produces(MediaType.APPLICATION_JSON)
public class TagResource {

    private final Answers answers;
    private final TagService service;

    public TagResource(Answers answers, TagService service) {
        this.answers = answers;
        this.service = service;
    }

    @GET
    public Uni<Response> list(
            @Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(ContentRequest.of(context).blog(), "tags", ifNoneMatch, service::list)
                .map(Responses::of);
    }

    @GET
    @Path("{slug}")
    public Uni<Response> one(
            @PathParam("slug") String slug,
            @Context ContainerRequestContext context,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(
                        ContentRequest.of(context).blog(), "tags/" + slug, ifNoneMatch, blog -> service.one(blog, slug))
                .map(Responses::of);
    }
}
