package dev.pressroom.content.api;

import dev.pressroom.content.importer.BlogWriter;
import dev.pressroom.content.importer.ContentAdmin;
import dev.pressroom.content.importer.TestBlogs;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/** Loads blogs into content_test through the real importer and issues keys, for the @QuarkusTest classes. */
public final class TestContent {

    public record Loaded(String blog, String blogId, String key) {}

    private TestContent() {}

    public static Loaded demo(ContentAdmin admin, String name) {
        return load(admin, name, TestBlogs.DEMO);
    }

    public static Loaded load(ContentAdmin admin, String name, Path folder) {
        try {
            BlogWriter.Result result = admin.importBlog(name, folder);
            return new Loaded(
                    name,
                    result.blogId(),
                    admin.rotateKey(name, "test", List.of()).key());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
