package dev.pressroom.content.cdn;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The surrogate keys of a blog's answers, named once for the answers that carry them and the purges that drop them.
 * Every key starts with the blog's id, so blogs behind one CDN service never share one:
 * <ul>
 *   <li>{@code <blog>}: every answer of the blog (a change of blog.yaml purges it);
 *   <li>{@code <blog>-posts}, {@code -pages}, {@code -tags}, {@code -authors}: the list answers of a type (any change
 *       of a member, a new one or a removed one purges it);
 *   <li>{@code <blog>-post-<id>}, {@code <blog>-page-<id>}, {@code <blog>-tag-<slug>}, {@code <blog>-author-<username>}:
 *       each answer that shows the item, lists and other items' answers included.
 * </ul>
 *
 * <p>An answer's keys come from its variant (which route, list or single) and its JSON (the ids and slugs it holds).
 * Where an item cannot be named (a {@code fields} selection without {@code id}, a slug no header may carry) the answer
 * carries its type's list key instead, which every change of that type purges: a coarser key, never a missing one.
 */
public final class SurrogateKeys {

    /** The types whose members have keys; each has a list key. */
    public enum Type {
        POSTS("posts", "post"),
        PAGES("pages", "page"),
        TAGS("tags", "tag"),
        AUTHORS("authors", "author");

        final String list;
        final String member;

        Type(String list, String member) {
            this.list = list;
            this.member = member;
        }
    }

    private static final JsonFactory JSON = new JsonFactory();
    /** What a key part may be: the importer's slugs and ids; anything else is named by its list key. */
    private static final Pattern SAFE = Pattern.compile("[a-z0-9][a-z0-9_-]{0,99}");

    private SurrogateKeys() {}

    public static String blog(String blogId) {
        return blogId;
    }

    public static String list(String blogId, Type type) {
        return blogId + "-" + type.list;
    }

    /** An item's key, or its list key when the id or slug could not stand in a header. */
    public static String member(String blogId, Type type, String idOrSlug) {
        return idOrSlug != null && SAFE.matcher(idOrSlug).matches()
                ? blogId + "-" + type.member + "-" + idOrSlug
                : list(blogId, type);
    }

    /**
     * The keys of one answer: the blog's, then the list key of a list answer, then the items the body shows.
     *
     * @param variant the answer cache's variant of the request ({@code posts?...}, {@code post/<slug>?...},
     *     {@code tags/<slug>}, {@code ghost/...}, {@code rss}, {@code sitemap-posts.xml}, ...)
     */
    public static Set<String> of(String blogId, String variant, byte[] body) {
        Set<String> keys = new LinkedHashSet<>();
        keys.add(blog(blogId));
        String path = routeOf(variant);
        if (path.equals("rss") || path.equals("atom")) {
            lists(blogId, keys, Type.POSTS, Type.TAGS, Type.AUTHORS); // a feed shows posts with tag and author names
        } else if (path.startsWith("sitemap")) {
            lists(blogId, keys, Type.values());
        } else if (!path.equals("settings")) {
            boolean single = path.contains("/") && !path.startsWith("search-index/");
            Type type = typeOf(single ? path.substring(0, path.indexOf('/')) : path.replace("search-index/", ""));
            if (type != null && !single) {
                keys.add(list(blogId, type));
            }
            new Reader(blogId, keys).read(body);
        }
        return keys;
    }

    /**
     * The header value of these keys, at most {@code maxBytes} long; a longer one keeps the blog's and list keys
     * and names every other key by its list key, which a change of any of those items purges too.
     */
    public static String header(Set<String> keys, CdnStyle style, int maxBytes) {
        String all = String.join(style.separator(), keys);
        if (all.length() <= maxBytes) {
            return all;
        }
        Set<String> coarse = new LinkedHashSet<>();
        for (String key : keys) {
            coarse.add(coarse.isEmpty() ? key : listKeyOf(key));
        }
        return String.join(style.separator(), coarse);
    }

    /** {@code <blog>-post-<id>} to {@code <blog>-posts}; a blog or list key stays as it is. */
    static String listKeyOf(String key) {
        int first = key.indexOf('-');
        if (first < 0) {
            return key;
        }
        int second = key.indexOf('-', first + 1);
        return second < 0 ? key : key.substring(0, second) + "s";
    }

    private static void lists(String blogId, Set<String> keys, Type... types) {
        for (Type type : types) {
            keys.add(list(blogId, type));
        }
    }

    /** The route part of a variant: without the Ghost prefix and the canonical query. */
    private static String routeOf(String variant) {
        String path = variant.startsWith("ghost/") ? variant.substring("ghost/".length()) : variant;
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }

    private static Type typeOf(String name) {
        return switch (name) {
            case "posts", "post" -> Type.POSTS;
            case "pages", "page" -> Type.PAGES;
            case "tags" -> Type.TAGS;
            case "authors" -> Type.AUTHORS;
            default -> null;
        };
    }

    /**
     * Walks an answer's JSON: the items of its top-level {@code posts}, {@code pages}, {@code tags} or {@code authors}
     * array, and inside a post the objects of its {@code tags}, {@code primary_tag}, {@code authors} and
     * {@code primary_author} fields. A post is named by {@code id}, a tag by {@code slug}, an author by
     * {@code username} (ours) or {@code slug} (Ghost's).
     */
    private static final class Reader {

        private final String blogId;
        private final Set<String> keys;

        Reader(String blogId, Set<String> keys) {
            this.blogId = blogId;
            this.keys = keys;
        }

        void read(byte[] body) {
            try (JsonParser p = JSON.createParser(body)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    Type type = p.currentName().equals("meta") ? null : typeOf(p.currentName());
                    if (p.nextToken() == JsonToken.START_ARRAY && type != null) {
                        items(p, type, keys);
                    } else {
                        p.skipChildren();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The objects of an array (or one object) of this type, each named by its key. */
        private void items(JsonParser p, Type type, Set<String> into) throws IOException {
            if (p.currentToken() == JsonToken.START_OBJECT) {
                item(p, type, into);
                return;
            }
            if (p.currentToken() != JsonToken.START_ARRAY) {
                p.skipChildren();
                return;
            }
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() == JsonToken.START_OBJECT) {
                    item(p, type, into);
                } else {
                    p.skipChildren();
                }
            }
        }

        /** One item's key, then the keys of the items it holds (a post's tags and authors). */
        private void item(JsonParser p, Type type, Set<String> into) throws IOException {
            String name = null;
            Set<String> held = new LinkedHashSet<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                Type nested = type == Type.POSTS || type == Type.PAGES ? nestedType(field) : null;
                if (nested != null) {
                    items(p, nested, held);
                } else if (value == JsonToken.VALUE_STRING
                        && List.of(nameFields(type)).contains(field)) {
                    name = name == null || field.equals("username") ? p.getText() : name;
                } else {
                    p.skipChildren();
                }
            }
            into.add(member(blogId, type, name));
            into.addAll(held);
        }

        private static Type nestedType(String field) {
            return switch (field) {
                case "tags", "primary_tag" -> Type.TAGS;
                case "authors", "primary_author" -> Type.AUTHORS;
                default -> null;
            };
        }

        private static String[] nameFields(Type type) {
            return switch (type) {
                case POSTS, PAGES -> new String[] {"id"};
                case TAGS -> new String[] {"slug"};
                case AUTHORS -> new String[] {"username", "slug"};
            };
        }
    }
}
