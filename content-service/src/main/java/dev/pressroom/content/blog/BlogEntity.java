package dev.pressroom.content.blog;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.Immutable;

/** A blog row as reads see it. Flyway owns the table and the importer writes it (JDBC); here it is only read. */
@Entity
@Table(name = "blog")
@Immutable
public class BlogEntity {

    @Id
    private String id;

    private String name;

    /** The blog's own host name, where Ghost's base URL /ghost/api/content/ answers for it; null without one. */
    @Column(name = "custom_domain")
    private String customDomain;

    @Column(name = "private")
    private boolean privateBlog;

    @Column(name = "content_version")
    private long contentVersion;

    @Column(name = "post_count")
    private int postCount;

    @Column(name = "page_count")
    private int pageCount;

    /** The settings answer as the importer rendered it (JSON text). */
    private String settings;

    protected BlogEntity() {}

    /** The value a request carries and the lookup cache keeps (an entity never outlives its session). */
    Blog toBlog() {
        return new Blog(id, name, privateBlog, contentVersion, postCount, pageCount, settings);
    }
}
