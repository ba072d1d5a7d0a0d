package dev.pressroom.content.author;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
public class AuthorRepository implements PanacheRepositoryBase<AuthorEntity, String> {

    /** The team page, in blog.yaml order. */
    @WithSession
    public Uni<List<AuthorEntity>> listTeam(String blogId) {
        return list("blogId = ?1 and onTeam = true", Sort.by("position"), blogId);
    }

    /** A team member or anyone with published posts, else null. */
    @WithSession
    public Uni<AuthorEntity> findShown(String blogId, String username) {
        return find("blogId = ?1 and username = ?2 and (onTeam = true or postCount > 0)", blogId, username)
                .firstResult();
    }
}
