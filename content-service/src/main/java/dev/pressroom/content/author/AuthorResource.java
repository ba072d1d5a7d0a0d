package dev.pressroom.content.author;

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

/** GET /authors and /authors/:username. */
@Path("/api/content/v1/blogs/{blog}/authors")
@Produces(MediaType.APPLICATION_JSON)
public class AuthorResource {

    private final Answers answers;
    private final AuthorService service;

    public AuthorResource(Answers answers, AuthorService service) {
        this.answers = answers;
        this.service = service;
    }

    @GET
    public Uni<Response> list(
            @Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(ContentRequest.of(context).blog(), "authors", ifNoneMatch, service::list)
                .map(Responses::of);
    }

    @GET
    @Path("{username}")
    public Uni<Response> one(
            @PathParam("username") String username,
            @Context ContainerRequestContext context,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        "authors/" + username,
                        ifNoneMatch,
                        blog -> service.one(blog, username))
                .map(Responses::of);
    }
}
