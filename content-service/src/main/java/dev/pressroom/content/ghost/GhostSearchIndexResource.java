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

/** Ghost's search-index/posts/, authors/ and tags/ (what Sodo search loads), and pages/ in the posts' shape. */
@Path(GhostBrowseReadResource.BASE + "/search-index")
@Produces(MediaType.APPLICATION_JSON)
public class GhostSearchIndexResource {

    private final GhostAnswers answers;

    public GhostSearchIndexResource(GhostAnswers answers) {
        this.answers = answers;
    }

    /** Any other index is no route: a 404. */
    @GET
    @Path("{index: posts|pages|tags|authors}")
    public Uni<Response> index(
            @PathParam("index") String index,
            @Context ContainerRequestContext context,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.searchIndex(index, context, ifNoneMatch);
    }
}
