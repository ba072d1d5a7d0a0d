package dev.pressroom.content.post;

import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Responses;
import dev.pressroom.content.paging.ListQuery;
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

    private final Answers answers;
    private final PostService posts;

    public PageResource(Answers answers, PostService posts) {
        this.answers = answers;
        this.posts = posts;
    }

    @GET
    public Uni<Response> list(
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        ListQuery query = PostService.PARSER.list(uri.getQueryParameters());
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        "pages?" + query.canonical(),
                        ifNoneMatch,
                        blog -> posts.list(blog, "page", query))
                .map(Responses::of);
    }

    @GET
    @Path("{slugOrId}")
    public Uni<Response> one(
            @PathParam("slugOrId") String slugOrId,
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        ListQuery.Selection selection = PostService.PARSER.selection(uri.getQueryParameters());
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        "page/" + slugOrId + "?" + selection.canonical(),
                        ifNoneMatch,
                        blog -> posts.one(blog, "page", slugOrId, selection))
                .map(Responses::of);
    }
}
