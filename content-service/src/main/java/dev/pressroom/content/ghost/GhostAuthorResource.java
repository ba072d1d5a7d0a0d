package dev.pressroom.content.ghost;

import jakarta.ws.rs.Path;

/** Ghost's authors/, authors/:id/ and authors/slug/:slug/. */
@Path(GhostBrowseReadResource.BASE + "/authors")
public class GhostAuthorResource extends GhostBrowseReadResource {

    public GhostAuthorResource(GhostAnswers answers) {
        super(answers, "authors");
    }
}
