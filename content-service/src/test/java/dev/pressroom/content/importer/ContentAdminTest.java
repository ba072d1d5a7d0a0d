package dev.pressroom.content.importer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The importer against the real content_test database: good folder, bad file rolled back, re-import in place. */
@QuarkusTest
class ContentAdminTest {

    @Inject
    ContentAdmin admin;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void importBlogWhenDemoFolderThenEveryRowStored() throws Exception {
        BlogWriter.Result result = admin.importBlog("import-good", TestBlogs.DEMO);
        assertThat(result.posts()).isEqualTo(7);
        assertThat(result.pages()).isEqualTo(2);
        assertThat(query(
                        "SELECT slug || ':' || status || ':' || visibility FROM post WHERE blog_id = ? ORDER BY slug",
                        result.blogId()))
                .contains("staff-meal:published:unlisted", "winter-menu:draft:public", "spring-menu:scheduled:public");
        assertThat(query(
                        "SELECT count(*)::text FROM rating r JOIN post p ON p.id = r.post_id WHERE p.blog_id = ?",
                        result.blogId()))
                .containsExactly("3");
        assertThat(query(
                        "SELECT string_agg(t.slug, ',' ORDER BY pt.position) FROM post_tag pt JOIN tag t ON t.id = pt.tag_id"
                                + " JOIN post p ON p.id = pt.post_id WHERE p.blog_id = ? AND p.slug = 'tomato-soup'",
                        result.blogId()))
                .containsExactly("recipes,soups");
    }

    @Test
    void importBlogWhenBadFileThenFailsWithLineAndChangesNothing() throws Exception {
        BlogWriter.Result first = admin.importBlog("import-bad", TestBlogs.DEMO);
        List<String> before = snapshot(first.blogId());
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("bad"));
        TestBlogs.write(folder, "posts/knife-skills.md", "---\ntitle: Changed\nauthors: [ana]\n---\nchanged\n");
        TestBlogs.write(
                folder,
                "posts/zz-broken.md",
                "---\ntitle: Broken\nauthors: [ana]\n---\nok\n\n:::recipe\nnever closed\n");
        assertThatThrownBy(() -> admin.importBlog("import-bad", folder))
                .isInstanceOfSatisfying(ImportException.class, e -> {
                    assertThat(e.file()).isEqualTo("posts/zz-broken.md");
                    assertThat(e.line()).isEqualTo(7);
                    assertThat(e.reason()).contains("never closed");
                });
        assertThat(snapshot(first.blogId())).isEqualTo(before);
    }

    @Test
    void importBlogWhenImportedAgainThenUpdatedInPlaceWithSameIds() throws Exception {
        BlogWriter.Result first = admin.importBlog("import-again", TestBlogs.DEMO);
        List<String> ids = query("SELECT slug || '=' || id FROM post WHERE blog_id = ? ORDER BY slug", first.blogId());
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("again"));
        TestBlogs.write(
                folder,
                "posts/knife-skills.md",
                TestBlogs.post("Knife skills, revised", "2025-09-01T12:00:00Z", "techniques"));
        Files.delete(folder.resolve("posts/winter-menu.md"));
        BlogWriter.Result second = admin.importBlog("import-again", folder);
        assertThat(second.blogId()).isEqualTo(first.blogId());
        assertThat(second.version()).isEqualTo(first.version() + 1);
        assertThat(query("SELECT title FROM post WHERE blog_id = ? AND slug = 'knife-skills'", first.blogId()))
                .containsExactly("Knife skills, revised");
        List<String> after =
                query("SELECT slug || '=' || id FROM post WHERE blog_id = ? ORDER BY slug", first.blogId());
        assertThat(after)
                .containsAll(
                        ids.stream().filter(s -> !s.startsWith("winter-menu=")).toList());
        assertThat(after).noneMatch(s -> s.startsWith("winter-menu="));
    }

    @Test
    void importBlogWhenSameFolderTwiceThenSameContent() throws Exception {
        BlogWriter.Result first = admin.importBlog("import-twice", TestBlogs.DEMO);
        List<String> before = snapshot(first.blogId());
        admin.importBlog("import-twice", TestBlogs.DEMO);
        assertThat(snapshot(first.blogId())).isEqualTo(before);
    }

    @Test
    void importBlogWhenNoCdnPurgesThenChangedKeysAreNotComputed() throws Exception {
        Path folder = TestBlogs.demoCopy(Files.createTempDirectory("keys-off"));
        String name = TestBlogs.freshName("import-keys-off");
        admin.importBlog(name, folder);
        Path post = folder.resolve("posts/knife-skills.md");
        Files.writeString(post, Files.readString(post).replace("Three knife cuts", "Four knife cuts"));

        BlogWriter.Result changed = admin.importBlog(name, folder);

        // Two reads of the whole blog are spent on the keys only when a CDN purge uses them.
        assertThat(changed.changedKeys()).isEmpty();
        assertThat(query("SELECT title FROM post WHERE blog_id = ? AND slug = 'knife-skills'", changed.blogId()))
                .containsExactly("Four knife cuts worth learning");
    }

    @Test
    void rotateKeyWhenCalledThenOldKeyRevokedAndOnlyHashStored() throws Exception {
        BlogWriter.Result blog = admin.importBlog("import-keys", TestBlogs.DEMO);
        String first = admin.rotateKey("import-keys", "site", List.of("http://localhost:3000"))
                .key();
        String second = admin.rotateKey("import-keys", "site", List.of("http://localhost:3000"))
                .key();
        assertThat(first).isNotEqualTo(second);
        // Earlier runs of this test left keys of this blog too: exactly one key is live, and it is the newest.
        List<String> revoked = query(
                "SELECT (revoked_at IS NOT NULL)::text FROM content_key WHERE blog_id = ?"
                        + " ORDER BY created_at, revoked_at NULLS LAST",
                blog.blogId());
        assertThat(revoked).hasSizeGreaterThanOrEqualTo(2).endsWith("false");
        assertThat(revoked.subList(0, revoked.size() - 1)).containsOnly("true");
        assertThat(query(
                        "SELECT key_hash || array_to_string(allowed_origins, ',') FROM content_key WHERE blog_id = ?",
                        blog.blogId()))
                .noneMatch(row -> row.contains(first.substring(4)) || row.contains(second.substring(4)))
                .allMatch(row -> row.endsWith("http://localhost:3000"));
    }

    @Test
    void importGhostWhenExportThenRowsStoredAndTheApiServesThem() throws Exception {
        ContentAdmin.GhostImport result = admin.importGhost("ghost-kitchen", GhostReaderTest.EXPORT);
        String blogId = result.written().blogId();

        assertThat(result.written().posts()).isEqualTo(4);
        assertThat(result.written().pages()).isEqualTo(1);
        assertThat(result.report().skipped()).containsEntry("members", 2).containsEntry("members-only posts", 1);
        assertThat(query(
                        "SELECT slug || ':' || type || ':' || status FROM post WHERE blog_id = ? ORDER BY slug",
                        blogId))
                .containsExactly(
                        "about:page:published",
                        "autumn-menu:post:scheduled",
                        "making-stock:post:published",
                        "tomato-soup:post:published",
                        "winter-menu:post:draft");
        assertThat(query(
                        "SELECT string_agg(t.slug, ',' ORDER BY pt.position) FROM post_tag pt JOIN tag t ON t.id = pt.tag_id"
                                + " JOIN post p ON p.id = pt.post_id WHERE p.blog_id = ? AND p.slug = 'tomato-soup'",
                        blogId))
                .containsExactly("recipes,news");
        String key = admin.createKey("ghost-kitchen", "ghost-test", List.of()).key();
        given().header("Authorization", "Key " + key)
                .get("/api/content/v1/blogs/ghost-kitchen/posts/tomato-soup")
                .then()
                .statusCode(200)
                .body("posts[0].featured", equalTo(true))
                .body("posts[0].html", containsString("class=\"card card-bookmark\""))
                .body("posts[0].primary_tag.slug", equalTo("recipes"))
                .body("posts[0].custom_excerpt", equalTo("Our favourite soup of the season."));
    }

    @Test
    void importGhostWhenSameExportTwiceThenSameContentAndIds() throws Exception {
        ContentAdmin.GhostImport first = admin.importGhost("ghost-twice", GhostReaderTest.EXPORT);
        String blogId = first.written().blogId();
        List<String> before = snapshot(blogId);
        List<String> ids = query("SELECT slug || '=' || id FROM post WHERE blog_id = ? ORDER BY slug", blogId);

        ContentAdmin.GhostImport second = admin.importGhost("ghost-twice", GhostReaderTest.EXPORT);

        assertThat(second.written().version()).isEqualTo(first.written().version() + 1);
        assertThat(snapshot(blogId)).isEqualTo(before);
        assertThat(query("SELECT slug || '=' || id FROM post WHERE blog_id = ? ORDER BY slug", blogId))
                .isEqualTo(ids);
    }

    private List<String> snapshot(String blogId) throws Exception {
        List<String> rows = query(
                "SELECT slug || '|' || title || '|' || html || '|' || tags FROM post WHERE blog_id = ? ORDER BY slug",
                blogId);
        rows.addAll(query("SELECT slug || '|' || post_count FROM tag WHERE blog_id = ? ORDER BY slug", blogId));
        return rows;
    }

    private List<String> query(String sql, String param) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            List<String> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
            return rows;
        }
    }
}
