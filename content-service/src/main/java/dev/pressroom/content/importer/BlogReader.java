package dev.pressroom.content.importer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pressroom.content.sanitize.Urls;
import dev.pressroom.content.search.SearchLanguage;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads a blog folder: {@code blog.yaml}, {@code posts/*.md} and {@code pages/*.md}. Everything is parsed, checked
 * and rendered before anything is written, so a bad file stops the import with its name, line and reason.
 */
public final class BlogReader {

    static final long MAX_FILE_BYTES = 2L * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String urlTemplate;
    private final Instant now;

    /** @param urlTemplate the blog URL before it has a custom domain, {@code {name}} standing for its address name */
    public BlogReader(String urlTemplate, Instant now) {
        this.urlTemplate = urlTemplate;
        this.now = now;
    }

    public BlogPlan read(String name, Path folder) {
        if (!name.matches(Slugs.BLOG_NAME)) {
            throw new ImportException(
                    "blog.yaml",
                    0,
                    "blog name '" + name
                            + "' must be a DNS label (lowercase letters, digits, dashes) and not 24 hex digits");
        }
        if (!Files.isDirectory(folder)) {
            throw new ImportException(folder.toString(), 0, "no such folder");
        }
        String yaml = readText(folder, "blog.yaml");
        BlogFile blog = YamlReader.read("blog.yaml", yaml, 1, BlogFile.class);
        Check check = new Check(yaml);
        URI base = baseUrl(name, blog, check);
        String title = blog.title() == null ? name : blog.title();
        Map<String, BlogPlan.AuthorPlan> authors = authors(blog, base, check);
        Map<String, BlogPlan.TagPlan> tags = tags(blog, base, check);
        PostBuilder builder = new PostBuilder(base, title, tags, authors, now);
        List<PostPlan> posts = new ArrayList<>();
        Set<String> slugs = new HashSet<>();
        for (String type : List.of("post", "page")) {
            for (Path file : markdownFiles(folder.resolve(type + "s"))) {
                String fileName = type + "s/" + file.getFileName();
                PostPlan post = builder.build(SourceFile.parse(fileName, readText(folder, fileName)), type);
                if (!slugs.add(post.slug())) {
                    throw new ImportException(
                            fileName, 0, "slug '" + post.slug() + "' is used by another post or page");
                }
                posts.add(post);
            }
        }
        return new BlogPlan(
                base.toString(),
                blog.customDomain(),
                Boolean.TRUE.equals(blog.privateBlog()),
                settings(blog, title, base, check),
                SearchLanguage.config(blog.lang()),
                List.copyOf(authors.values()),
                List.copyOf(tags.values()),
                posts);
    }

    private URI baseUrl(String name, BlogFile blog, Check check) {
        if (blog.customDomain() != null) {
            check.that(
                    blog.customDomain().matches("(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}"),
                    "custom_domain",
                    "custom_domain must be a lowercase host name such as food.example.com");
            return URI.create("https://" + blog.customDomain() + "/");
        }
        String url = blog.url() != null ? blog.url() : urlTemplate.replace("{name}", name);
        String absolute = Urls.absoluteOrNull(URI.create("https://invalid.invalid/"), url);
        check.that(
                absolute != null
                        && absolute.startsWith("http")
                        && !absolute.contains("invalid.invalid")
                        && URI.create(absolute).getQuery() == null,
                "url",
                "url must be an absolute http(s) URL");
        return URI.create(absolute.endsWith("/") ? absolute : absolute + "/");
    }

    private Map<String, BlogPlan.AuthorPlan> authors(BlogFile blog, URI base, Check check) {
        Map<String, BlogPlan.AuthorPlan> authors = new LinkedHashMap<>();
        int position = 0;
        for (BlogFile.AuthorFile a : blog.authors()) {
            check.that(
                    a.username() != null && a.username().matches(Slugs.PATTERN),
                    "authors",
                    "author username '" + a.username() + "' must be lowercase letters, digits and dashes");
            check.that(a.name() != null && !a.name().isBlank(), "authors", "author " + a.username() + " needs a name");
            ArrayNode links = JSON.createArrayNode();
            for (BlogFile.Link link : a.links() == null ? List.<BlogFile.Link>of() : a.links()) {
                links.addObject().put("label", link.label()).put("url", check.url(link.url(), "authors", base));
            }
            BlogPlan.AuthorPlan plan = new BlogPlan.AuthorPlan(
                    a.username(),
                    a.name(),
                    a.bio() == null ? "" : a.bio(),
                    check.url(a.profileImage(), "authors", base),
                    base.resolve("author/" + a.username() + "/").toString(),
                    links.toString(),
                    a.role() == null ? "Author" : a.role(),
                    !Boolean.FALSE.equals(a.team()),
                    position++);
            check.that(
                    authors.put(a.username(), plan) == null,
                    "authors",
                    "author " + a.username() + " is declared twice");
        }
        return authors;
    }

    private Map<String, BlogPlan.TagPlan> tags(BlogFile blog, URI base, Check check) {
        Map<String, BlogPlan.TagPlan> tags = new LinkedHashMap<>();
        for (BlogFile.TagFile t : blog.tags()) {
            check.that(
                    t.slug() != null && t.slug().matches(Slugs.PATTERN),
                    "tags",
                    "tag slug '" + t.slug() + "' must be lowercase letters, digits and dashes");
            BlogPlan.TagPlan plan = new BlogPlan.TagPlan(
                    t.slug(),
                    t.name() == null ? t.slug() : t.name(),
                    t.description() == null ? "" : t.description(),
                    base.resolve("tag/" + t.slug() + "/").toString());
            check.that(tags.put(t.slug(), plan) == null, "tags", "tag " + t.slug() + " is declared twice");
        }
        return tags;
    }

    private String settings(BlogFile blog, String title, URI base, Check check) {
        check.that(
                blog.accentColor() == null || blog.accentColor().matches("#[0-9a-fA-F]{6}"),
                "accent_color",
                "accent_color must be a hex colour such as #ff5a1f");
        check.that(
                blog.postsPerPage() == null || (blog.postsPerPage() >= 1 && blog.postsPerPage() <= 100),
                "posts_per_page",
                "posts_per_page must be 1 to 100");
        check.that(
                blog.lang() == null || blog.lang().matches("[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*"),
                "lang",
                "lang must be a language tag such as en or pt-BR");
        ObjectNode settings = JSON.createObjectNode()
                .put("title", title)
                .put("description", blog.description() == null ? "" : blog.description())
                .put("url", base.toString())
                .put("lang", blog.lang() == null ? "en" : blog.lang())
                .put(
                        "accent_color",
                        blog.accentColor() == null
                                ? "#15171a"
                                : blog.accentColor().toLowerCase(Locale.ROOT))
                .put("logo", check.url(blog.logo(), "logo", base))
                .put("icon", check.url(blog.icon(), "icon", base))
                .put("cover_image", check.url(blog.coverImage(), "cover_image", base))
                .put("meta_title", blog.metaTitle())
                .put("meta_description", blog.metaDescription());
        settings.set("navigation", navigation(blog.navigation(), "navigation", base, check));
        settings.set(
                "secondary_navigation", navigation(blog.secondaryNavigation(), "secondary_navigation", base, check));
        // The feeds are served by the Content API: their URLs are filled in when settings are read (SettingsService).
        settings.putNull("rss_url")
                .putNull("atom_url")
                .put("posts_per_page", blog.postsPerPage() == null ? 15 : blog.postsPerPage());
        return settings.toString();
    }

    private static ArrayNode navigation(List<BlogFile.Link> links, String key, URI base, Check check) {
        ArrayNode array = JSON.createArrayNode();
        for (BlogFile.Link link : links) {
            check.that(link.label() != null && !link.label().isBlank(), key, "every " + key + " entry needs a label");
            array.addObject().put("label", link.label()).put("url", check.url(link.url(), key, base));
        }
        return array;
    }

    private static List<Path> markdownFiles(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".md") && Files.isRegularFile(f))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new ImportException(folder.getFileName().toString(), 0, "cannot list the folder: " + e.getMessage());
        }
    }

    private static String readText(Path folder, String relative) {
        Path file = folder.resolve(relative);
        try {
            if (!Files.isRegularFile(file)) {
                throw new ImportException(relative, 0, "file is missing");
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new ImportException(relative, 0, "file is larger than " + MAX_FILE_BYTES / 1024 + " KiB");
            }
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ImportException(relative, 0, "file is not UTF-8");
        } catch (IOException e) {
            throw new ImportException(relative, 0, "cannot read the file: " + e.getMessage());
        }
    }

    /** Checks on blog.yaml that report the line of the key at fault. */
    private record Check(String yaml) {
        void that(boolean condition, String key, String reason) {
            if (!condition) {
                throw new ImportException("blog.yaml", YamlReader.lineOf(yaml, key, 1), reason);
            }
        }

        String url(String value, String key, URI base) {
            if (value == null) {
                return null;
            }
            String absolute = Urls.absoluteOrNull(base, value);
            that(absolute != null && !absolute.startsWith("#"), key, key + ": '" + value + "' is not a safe URL");
            return absolute;
        }
    }
}
