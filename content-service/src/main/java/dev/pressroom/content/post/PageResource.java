package dev.pressroom.content.post;

import jakarta.ws.rs.Path;

/** GET /pages and /pages/:slugOrId. */
@Path("/api/content/v1/blogs/{blog}/pages")
public class PageResource extends PostTypeResource {

    public PageResource(PostAnswers answers) {
        super(answers, "page");
    }
}
