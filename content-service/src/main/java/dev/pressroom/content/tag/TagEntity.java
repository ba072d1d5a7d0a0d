package dev.pressroom.content.tag;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.Immutable;

/** A tag row as reads see it; the importer writes the table (JDBC) and keeps its post count. */
@Entity
@Table(name = "tag")
@Immutable
public class TagEntity {

    @Id
    private String id;

    @Column(name = "blog_id")
    private String blogId;

    private String slug;

    private String name;

    private String description;

    private String url;

    /** Published posts with this tag. */
    @Column(name = "post_count")
    private int postCount;

    protected TagEntity() {}

    public String id() {
        return id;
    }

    public String slug() {
        return slug;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public String url() {
        return url;
    }

    public int postCount() {
        return postCount;
    }
}
