package dev.pressroom.content.ghost;

import jakarta.ws.rs.Path;

/** Ghost's pages/, pages/:id/ and pages/slug/:slug/. */
@Path(GhostBrowseReadResource.BASE + "/pages")
public class GhostPageResource extends GhostBrowseReadResource {

    public GhostPageResource(GhostAnswers answers) {
        super(answers, "pages");
    }
}
