package dev.pressroom.content.author;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.Immutable;

/** An author row as reads see it; the importer writes the table (JDBC) and keeps its post count. */
@Entity
@Table(name = "author")
@Immutable
public class AuthorEntity {

    @Id
    private String id;

    @Column(name = "blog_id")
    private String blogId;

    private String username;

    private String name;

    private String bio;

    @Column(name = "profile_image")
    private String profileImage;

    private String url;

    /** [{label, url}] as JSON text, copied into answers as is. */
    private String links;

    private String role;

    /** Listed on the team page (GET /authors). */
    @Column(name = "on_team")
    private boolean onTeam;

    /** Order of blog.yaml: read by PostgreSQL only, as the team page's sort key (AuthorRepository). */
    @SuppressWarnings("UnusedVariable")
    private int position;

    @Column(name = "post_count")
    private int postCount;

    protected AuthorEntity() {}

    public String id() {
        return id;
    }

    public String username() {
        return username;
    }

    public String name() {
        return name;
    }

    public String bio() {
        return bio;
    }

    public String profileImage() {
        return profileImage;
    }

    public String url() {
        return url;
    }

    public String links() {
        return links;
    }

    public String role() {
        return role;
    }

    public int postCount() {
        return postCount;
    }
}
