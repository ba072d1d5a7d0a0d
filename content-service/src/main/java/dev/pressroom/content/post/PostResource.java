package dev.pressroom.content.post;

import jakarta.ws.rs.Path;

/** GET /posts and /posts/:slugOrId. */
@Path("/api/content/v1/blogs/{blog}/posts")
public class PostResource extends PostTypeResource {

    public PostResource(PostAnswers answers) {
        super(answers, "post");
    }
}
