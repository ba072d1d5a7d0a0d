package dev.pressroom.content.ghost;

import jakarta.ws.rs.Path;

/** Ghost's tags/, tags/:id/ and tags/slug/:slug/. */
@Path(GhostBrowseReadResource.BASE + "/tags")
public class GhostTagResource extends GhostBrowseReadResource {

    public GhostTagResource(GhostAnswers answers) {
        super(answers, "tags");
    }
}
