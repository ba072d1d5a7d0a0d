package dev.pressroom.content.tag;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Tags that have published posts (the only ones the API shows): the walk of tag_popular_idx. */
@ApplicationScoped
public class TagRepository implements PanacheRepositoryBase<TagEntity, String> {

    private static final Sort MOST_USED_FIRST = Sort.descending("postCount").and("slug");

    @WithSession
    public Uni<List<TagEntity>> listWithPosts(String blogId) {
        return list("blogId = ?1 and postCount > 0", MOST_USED_FIRST, blogId);
    }

    /** The tag, or null when it has no published posts. */
    @WithSession
    public Uni<TagEntity> findWithPosts(String blogId, String slug) {
        return find("blogId = ?1 and slug = ?2 and postCount > 0", blogId, slug).firstResult();
    }
}
