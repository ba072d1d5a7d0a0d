package dev.pressroom.content.author;

import dev.pressroom.content.api.Json;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The people of the blog's team page, in blog.yaml order; one author also answers when they have published posts. */
@ApplicationScoped
public class AuthorService {

    private final AuthorRepository authors;

    public AuthorService(AuthorRepository authors) {
        this.authors = authors;
    }

    public Uni<byte[]> list(Blog blog) {
        return authors.listTeam(blog.id()).map(AuthorService::body);
    }

    public Uni<byte[]> one(Blog blog, String username) {
        return authors.findShown(blog.id(), username)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("No author answers to '" + username + "'."))
                .map(author -> body(List.of(author)));
    }

    private static byte[] body(List<AuthorEntity> authors) {
        return Json.list("authors", authors, 512, AuthorJson::write);
    }
}
