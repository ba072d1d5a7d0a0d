package dev.pressroom.content.blog;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class BlogRepository implements PanacheRepositoryBase<BlogEntity, String> {

    /**
     * The blog with this address name, id or custom domain, or null: a name never looks like an id, and only a domain
     * holds a dot (each is unique).
     */
    @WithSession
    public Uni<BlogEntity> findByReference(String reference) {
        return reference.indexOf('.') >= 0
                ? find("customDomain = ?1", reference).firstResult()
                : find("name = ?1 or id = ?1", reference).firstResult();
    }
}
