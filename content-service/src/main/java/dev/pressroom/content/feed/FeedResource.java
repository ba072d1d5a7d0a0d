package dev.pressroom.content.feed;

import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Responses;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** GET /rss/ and /atom/: the latest posts, without a key (feed readers have none). */
@Path("/api/content/v1/blogs/{blog}")
public class FeedResource {

    static final MediaType RSS = MediaType.valueOf("application/rss+xml;charset=utf-8");
    static final MediaType ATOM = MediaType.valueOf("application/atom+xml;charset=utf-8");

    private final Answers answers;
    private final FeedService feeds;

    public FeedResource(Answers answers, FeedService feeds) {
        this.answers = answers;
        this.feeds = feeds;
    }

    @GET
    @Path("rss")
    public Uni<Response> rss(@Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(ContentRequest.of(context).blog(), "rss", ifNoneMatch, feeds::rss)
                .map(answer -> Responses.of(answer, RSS));
    }

    @GET
    @Path("atom")
    public Uni<Response> atom(@Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(ContentRequest.of(context).blog(), "atom", ifNoneMatch, feeds::atom)
                .map(answer -> Responses.of(answer, ATOM));
    }
}
