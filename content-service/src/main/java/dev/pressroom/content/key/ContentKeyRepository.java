package dev.pressroom.content.key;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class ContentKeyRepository implements PanacheRepositoryBase<ContentKeyEntity, String> {

    /** The key stored under this hash (revoked ones included), or null. */
    @WithSession
    public Uni<ContentKeyEntity> findByHash(String keyHash) {
        return find("keyHash", keyHash).firstResult();
    }
}
