package dev.pressroom.content.tag;

import dev.pressroom.content.api.Json;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Tags that have published posts, most used first (the count is kept by the importer). */
@ApplicationScoped
public class TagService {

    private final TagRepository tags;

    public TagService(TagRepository tags) {
        this.tags = tags;
    }

    public Uni<byte[]> list(Blog blog) {
        return tags.listWithPosts(blog.id()).map(TagService::body);
    }

    public Uni<byte[]> one(Blog blog, String slug) {
        return tags.findWithPosts(blog.id(), slug)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("No tag with published posts answers to '" + slug + "'."))
                .map(tag -> body(List.of(tag)));
    }

    private static byte[] body(List<TagEntity> tags) {
        return Json.list("tags", tags, 256, TagJson::write);
    }
}
