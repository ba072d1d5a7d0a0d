package dev.pressroom.content.blog;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class BlogRepository implements PanacheRepositoryBase<BlogEntity, String> {

    /** The blog with this address name or id (a name never looks like an id), or null. */
    @WithSession
    public Uni<BlogEntity> findByNameOrId(String nameOrId) {
        return find("name = ?1 or id = ?1", nameOrId).firstResult();
    }
}
