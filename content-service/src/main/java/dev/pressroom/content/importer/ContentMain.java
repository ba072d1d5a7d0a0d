package dev.pressroom.content.importer;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Without arguments: the HTTP service, started as Quarkus starts any service, so that {@code QUARKUS_INIT_AND_EXIT}
 * (the migration Job and the wait-for-migrations init container, deploy/base/content-service) starts, migrates or
 * validates, and exits 0. With arguments: one admin command, run by the same jar with the HTTP server off
 * (scripts/import.sh), which prints KEY=value lines on stdout and exits:
 * <pre>
 *   import &lt;blog&gt; &lt;folder&gt;
 *   import-ghost &lt;blog&gt; &lt;export.json&gt;   (a Ghost JSON export; what was skipped is reported on stderr)
 *   key rotate|create &lt;blog&gt; &lt;label&gt; [origin...]
 *   key revoke &lt;blog&gt; &lt;label&gt;
 *   demo &lt;blog&gt; &lt;folder&gt; &lt;site&gt;   (import, then fresh keys "demo" and "demo-site" limited to the site)
 * </pre>
 */
@QuarkusMain
public class ContentMain implements QuarkusApplication {

    private final ContentAdmin admin;

    public ContentMain(ContentAdmin admin) {
        this.admin = admin;
    }

    public static void main(String... args) {
        // The service must not run as a QuarkusApplication: with init-and-exit Quarkus stops the container before it
        // would look the application bean up, and the start would fail ("No CDI container is available").
        if (args.length == 0) {
            Quarkus.run(args);
        } else {
            Quarkus.run(ContentMain.class, args);
        }
    }

    @Override
    public int run(String... args) throws Exception {
        try {
            return command(args);
        } catch (ImportException e) {
            System.err.println("import failed, nothing changed: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 1;
        }
    }

    private int command(String[] args) throws Exception {
        if (args[0].equals("import") && args.length == 3) {
            var result = admin.importBlog(args[1], Path.of(args[2]));
            System.err.printf(
                    "imported %s: %d posts, %d pages, content version %d%n",
                    args[1], result.posts(), result.pages(), result.version());
            System.out.println("BLOG_ID=" + result.blogId());
            System.out.println("CONTENT_VERSION=" + result.version());
            return 0;
        }
        if (args[0].equals("import-ghost") && args.length == 3) {
            var result = admin.importGhost(args[1], Path.of(args[2]));
            var written = result.written();
            System.err.printf(
                    "imported %s from Ghost: %d posts, %d pages, content version %d%n",
                    args[1], result.report().posts(), result.report().pages(), written.version());
            result.report().skipped().forEach((what, count) -> System.err.printf("skipped %d %s%n", count, what));
            System.out.println("BLOG_ID=" + written.blogId());
            System.out.println("CONTENT_VERSION=" + written.version());
            return 0;
        }
        if (args[0].equals("demo") && args.length == 4) {
            var result = admin.importBlog(args[1], Path.of(args[2]));
            System.out.println("CONTENT_BLOG=" + args[1]);
            System.out.println("CONTENT_BLOG_ID=" + result.blogId());
            System.out.println(
                    "CONTENT_KEY=" + admin.rotateKey(args[1], "demo", List.of()).key());
            System.out.println("CONTENT_KEY_SITE="
                    + admin.rotateKey(args[1], "demo-site", List.of(args[3])).key());
            System.out.println("CONTENT_SITE=" + args[3]);
            return 0;
        }
        if (args[0].equals("key") && args.length >= 4) {
            List<String> origins = Arrays.asList(args).subList(4, args.length);
            switch (args[1]) {
                case "rotate" ->
                    System.out.println(
                            "KEY=" + admin.rotateKey(args[2], args[3], origins).key());
                case "create" ->
                    System.out.println(
                            "KEY=" + admin.createKey(args[2], args[3], origins).key());
                case "revoke" -> System.out.println("REVOKED=" + admin.revokeKeys(args[2], args[3]));
                default -> {
                    return usage();
                }
            }
            return 0;
        }
        return usage();
    }

    private static int usage() {
        System.err.println(
                "usage: import <blog> <folder> | import-ghost <blog> <export.json> | key rotate|create <blog> <label> [origin...] | key revoke <blog> <label>"
                        + " | demo <blog> <folder> <site>");
        return 2;
    }
}
