package dev.pressroom.content.key;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Set;
import org.hibernate.annotations.Immutable;

/** A content key row as reads see it; KeyAdmin writes the table over JDBC. */
@Entity
@Table(name = "content_key")
@Immutable
public class ContentKeyEntity {

    @Id
    private String id;

    @Column(name = "blog_id")
    private String blogId;

    @Column(name = "key_hash")
    private String keyHash;

    @Column(name = "allowed_origins")
    private String[] allowedOrigins;

    @Column(name = "revoked_at")
    private OffsetDateTime revokedAt;

    protected ContentKeyEntity() {}

    ContentKey toKey() {
        return new ContentKey(blogId, Set.copyOf(Arrays.asList(allowedOrigins)), revokedAt != null);
    }
}
