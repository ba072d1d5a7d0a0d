package dev.pressroom.content.feed;

import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Responses;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * GET /rss/ and /atom/: the latest posts, without a key (feed readers have none). One class path per file, so
 * these never shadow the other resources of a blog (their 405s stay 405s).
 */
@Path("/api/content/v1/blogs/{blog}/{format: rss|atom}")
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
    public Uni<Response> feed(
            @PathParam("format") String format,
            @Context ContainerRequestContext context,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        boolean rss = format.equals("rss");
        return answers.answer(ContentRequest.of(context).blog(), format, ifNoneMatch, rss ? feeds::rss : feeds::atom)
                .map(answer -> Responses.of(answer, rss ? RSS : ATOM));
    }
}
