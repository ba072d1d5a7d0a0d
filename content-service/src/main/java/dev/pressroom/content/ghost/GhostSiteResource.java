package dev.pressroom.content.ghost;

import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Ghost's settings/, and what a site without members answers: no tiers, no newsletters, no offers. */
@Path(GhostBrowseReadResource.BASE)
@Produces(MediaType.APPLICATION_JSON)
public class GhostSiteResource {

    private final GhostAnswers answers;

    public GhostSiteResource(GhostAnswers answers) {
        this.answers = answers;
    }

    @GET
    @Path("settings")
    public Uni<Response> settings(
            @Context ContainerRequestContext context, @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.settings(context, ifNoneMatch);
    }

    @GET
    @Path("tiers")
    public Uni<Response> tiers(
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.none("tiers", context, uri, ifNoneMatch);
    }

    @GET
    @Path("newsletters")
    public Uni<Response> newsletters(
            @Context ContainerRequestContext context,
            @Context UriInfo uri,
            @HeaderParam("If-None-Match") String ifNoneMatch) {
        return answers.none("newsletters", context, uri, ifNoneMatch);
    }

    /** The answer is described by META-INF/openapi.yaml; the annotation stops the scanner from adding a 200. */
    @GET
    @Path("offers/{id}")
    @APIResponse(responseCode = "404", ref = "GhostNotFound")
    public Uni<Response> offer() {
        return Uni.createFrom().failure(ApiException.notFound("Offer not found."));
    }
}
