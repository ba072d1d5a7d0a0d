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
@Path("/api/content/v1/blogs/{blog}")
public class SitemapResource {

    static final MediaType XML = MediaType.valueOf("application/xml;charset=utf-8");

    private final Answers answers;
    private final SitemapService sitemaps;

    public SitemapResource(Answers answers, SitemapService sitemaps) {
        this.answers = answers;
        this.sitemaps = sitemaps;
    }

    @GET
    @Path("sitemap.xml")
    public Uni<Response> index(@Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(ContentRequest.of(context).blog(), "sitemap", ifNoneMatch, sitemaps::index)
                .map(answer -> Responses.of(answer, XML));
    }

    @GET
    @Path("sitemap-{file}.xml")
    public Uni<Response> file(@PathParam("file") String file, @Context ContainerRequestContext context,
                              @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.answer(ContentRequest.of(context).blog(), "sitemap-" + file, ifNoneMatch,
                blog -> sitemaps.file(blog, file)).map(answer -> Responses.of(answer, XML));
    }
}
