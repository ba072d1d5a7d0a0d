import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a Ghost 5 JSON export of {@code posts} posts for bench/ghost-import.sh: 10 staff users, 50 tags, 3 tags and
 * 1-2 authors a post, posts_meta rows, about 6 KB of HTML a post with Ghost's image, bookmark and callout cards, every
 * tenth post from Lexical only (no HTML), and 1,000 members the import skips.
 * <pre>java GhostExportSeed.java &lt;file&gt; [posts]</pre>
 */
public class GhostExportSeed {

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int posts = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("{\"db\":[{\"meta\":{\"exported_on\":1727000000000,\"version\":\"5.96.0\"},\"data\":{\n\"posts\":[\n");
            for (int i = 0; i < posts; i++) {
                out.write(i == 0 ? "" : ",\n");
                boolean lexicalOnly = i % 10 == 9;
                out.write("{\"id\":\"p" + i + "\",\"title\":\"Post number " + i + "\",\"slug\":\"post-" + i + "\","
                        + "\"html\":" + (lexicalOnly ? "null" : quote(html(i))) + ","
                        + "\"lexical\":" + quote(lexical(i)) + ","
                        + "\"plaintext\":null,\"feature_image\":\"__GHOST_URL__/content/images/" + i + ".jpg\","
                        + "\"featured\":" + (i % 50 == 0) + ",\"type\":\"" + (i % 100 == 99 ? "page" : "post") + "\","
                        + "\"status\":\"published\",\"visibility\":\"public\",\"custom_excerpt\":null,"
                        + "\"created_at\":\"2020-01-01T00:00:00.000Z\",\"updated_at\":\"2024-01-01T00:00:00.000Z\","
                        + "\"published_at\":\"" + java.time.Instant.parse("2020-01-01T00:00:00Z").plusSeconds(3600L * i)
                        + "\"}");
            }
            out.write("],\n\"posts_meta\":[\n");
            for (int i = 0; i < posts; i++) {
                out.write((i == 0 ? "" : ",\n") + "{\"id\":\"m" + i + "\",\"post_id\":\"p" + i + "\",\"meta_title\":\"Post "
                        + i + " | Bench\",\"meta_description\":\"About post " + i + ".\",\"feature_image_alt\":\"Image "
                        + i + "\"}");
            }
            out.write("],\n\"tags\":[\n");
            for (int t = 0; t < 50; t++) {
                out.write((t == 0 ? "" : ",\n") + "{\"id\":\"t" + t + "\",\"name\":\"Tag " + t + "\",\"slug\":\"tag-" + t
                        + "\",\"description\":\"Posts about " + t + ".\",\"visibility\":\"public\"}");
            }
            out.write("],\n\"posts_tags\":[\n");
            for (int i = 0; i < posts; i++) {
                for (int k = 0; k < 3; k++) {
                    out.write((i == 0 && k == 0 ? "" : ",\n") + "{\"id\":\"pt" + i + "-" + k + "\",\"post_id\":\"p" + i
                            + "\",\"tag_id\":\"t" + ((i + k * 7) % 50) + "\",\"sort_order\":" + k + "}");
                }
            }
            out.write("],\n\"users\":[\n");
            for (int u = 0; u < 10; u++) {
                out.write((u == 0 ? "" : ",\n") + "{\"id\":\"u" + u + "\",\"name\":\"Author " + u + "\",\"slug\":\"author-"
                        + u + "\",\"bio\":\"Writes.\",\"status\":\"active\"}");
            }
            out.write("],\n\"posts_authors\":[\n");
            for (int i = 0; i < posts; i++) {
                out.write((i == 0 ? "" : ",\n") + "{\"id\":\"pa" + i + "\",\"post_id\":\"p" + i + "\",\"author_id\":\"u"
                        + (i % 10) + "\",\"sort_order\":0}");
                if (i % 4 == 0) {
                    out.write(",\n{\"id\":\"pb" + i + "\",\"post_id\":\"p" + i + "\",\"author_id\":\"u" + ((i + 1) % 10)
                            + "\",\"sort_order\":1}");
                }
            }
            out.write("],\n\"settings\":[{\"key\":\"title\",\"value\":\"Bench\"},{\"key\":\"locale\",\"value\":\"en\"}],\n");
            out.write("\"members\":[\n");
            for (int m = 0; m < 1000; m++) {
                out.write((m == 0 ? "" : ",\n") + "{\"id\":\"mb" + m + "\",\"email\":\"reader" + m + "@example.org\"}");
            }
            out.write("]}}]}\n");
        }
        System.out.println(file + " " + Files.size(file) + " bytes, " + posts + " posts");
    }

    private static String html(int i) {
        StringBuilder html = new StringBuilder();
        html.append("<p>Post number ").append(i).append(" starts here.</p>");
        for (int p = 0; p < 12; p++) {
            html.append("<p>Paragraph ").append(p).append(" of post ").append(i)
                    .append(" has <strong>bold</strong> words, <em>some emphasis</em> and a <a href=\"/post-")
                    .append((i + p) % 1000).append("/\">link to another post</a> among plain words that make up a"
                            + " realistic paragraph of a blog post about cooking and kitchens.</p>");
            if (p == 4) {
                html.append("<figure class=\"kg-card kg-image-card\"><img src=\"__GHOST_URL__/content/images/")
                        .append(i).append("-inline.jpg\" class=\"kg-image\" alt=\"Inline\" width=\"1600\" height=\"900\">"
                                + "</figure>");
            }
            if (p == 8) {
                html.append("<figure class=\"kg-card kg-bookmark-card\"><a class=\"kg-bookmark-container\" href=\""
                        + "https://example.org/\"><div class=\"kg-bookmark-title\">Example</div></a></figure>"
                        + "<div class=\"kg-card kg-callout-card kg-callout-card-blue\"><div class=\"kg-callout-text\">"
                        + "A tip.</div></div>");
            }
        }
        return html.toString();
    }

    private static String lexical(int i) {
        return "{\"root\":{\"type\":\"root\",\"children\":[{\"type\":\"paragraph\",\"children\":[{\"type\":\"text\","
                + "\"text\":\"Post number " + i + " from Lexical, with words enough to count.\",\"format\":0}]},"
                + "{\"type\":\"heading\",\"tag\":\"h2\",\"children\":[{\"type\":\"text\",\"text\":\"Section\"}]},"
                + "{\"type\":\"markdown\",\"markdown\":\"Some **markdown** card text.\"}]}}";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
