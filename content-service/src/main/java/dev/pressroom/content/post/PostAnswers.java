package dev.pressroom.content.post;

import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Responses;
import dev.pressroom.content.paging.ListQuery;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** The list and single answers of posts and pages, which differ only in the kind of post they read. */
@ApplicationScoped
public class PostAnswers {

    private final Answers answers;
    private final PostService posts;

    public PostAnswers(Answers answers, PostService posts) {
        this.answers = answers;
        this.posts = posts;
    }

    /** GET /posts or /pages; {@code kind} is "post" or "page". */
    Uni<Response> list(String kind, ContainerRequestContext context, UriInfo uri, String ifNoneMatch) {
        ListQuery query = PostService.PARSER.list(uri.getQueryParameters());
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        kind + "s?" + query.canonical(),
                        ifNoneMatch,
                        blog -> posts.list(blog, kind, query))
                .map(Responses::of);
    }

    /** GET /posts/:slugOrId or /pages/:slugOrId. */
    Uni<Response> one(String kind, String slugOrId, ContainerRequestContext context, UriInfo uri, String ifNoneMatch) {
        ListQuery.Selection selection = PostService.PARSER.selection(uri.getQueryParameters());
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        kind + "/" + slugOrId + "?" + selection.canonical(),
                        ifNoneMatch,
                        blog -> posts.one(blog, kind, slugOrId, selection))
                .map(Responses::of);
    }
}
