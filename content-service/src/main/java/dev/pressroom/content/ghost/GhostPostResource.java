package dev.pressroom.content.ghost;

import jakarta.ws.rs.Path;

/** Ghost's posts/, posts/:id/ and posts/slug/:slug/. */
@Path(GhostBrowseReadResource.BASE + "/posts")
public class GhostPostResource extends GhostBrowseReadResource {

    public GhostPostResource(GhostAnswers answers) {
        super(answers, "posts");
    }
}
