package dev.pressroom.content.sitemap;

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

/** GET /sitemap.xml (the index) and /sitemap-{type}[-{n}].xml, without a key (crawlers have none). */
@Path("/api/content/v1/blogs/{blog}/{file: sitemap(-[a-z0-9-]+)?\\.xml}")
public class SitemapResource {

    static final MediaType XML = MediaType.valueOf("application/xml;charset=utf-8");
    private static final String INDEX = "sitemap.xml";

    private final Answers answers;
    private final SitemapService sitemaps;

    public SitemapResource(Answers answers, SitemapService sitemaps) {
        this.answers = answers;
        this.sitemaps = sitemaps;
    }

    @GET
    public Uni<Response> sitemap(
            @PathParam("file") String file,
            @Context ContainerRequestContext context,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        // sitemap-posts-2.xml -> posts-2
        String name = file.equals(INDEX) ? null : file.substring("sitemap-".length(), file.length() - ".xml".length());
        return answers.answer(
                        ContentRequest.of(context).blog(),
                        file,
                        ifNoneMatch,
                        blog -> name == null ? sitemaps.index(blog) : sitemaps.file(blog, name))
                .map(answer -> Responses.of(answer, XML));
    }
}
