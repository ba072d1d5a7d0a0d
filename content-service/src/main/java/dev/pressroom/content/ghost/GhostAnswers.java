package dev.pressroom.content.ghost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.pressroom.content.api.Answers;
import dev.pressroom.content.api.ContentRequest;
import dev.pressroom.content.api.Json;
import dev.pressroom.content.api.Responses;
import dev.pressroom.content.author.AuthorService;
import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.paging.ListQuery;
import dev.pressroom.content.post.PostService;
import dev.pressroom.content.settings.SettingsService;
import dev.pressroom.content.tag.TagService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The Ghost-shaped answers: our own services build them (same statements, same parser, same limits; posts written
 * from the rows in Ghost's shape, tags, authors and settings reshaped from our small answers), and the answer cache
 * keeps the Ghost shape under its own variant, so revalidation, single flight and the database deadline are those
 * of our routes.
 */
@ApplicationScoped
public class GhostAnswers {

    private final Answers answers;
    private final PostService posts;
    private final TagService tags;
    private final AuthorService authors;
    private final SettingsService settings;

    public GhostAnswers(
            Answers answers, PostService posts, TagService tags, AuthorService authors, SettingsService settings) {
        this.answers = answers;
        this.posts = posts;
        this.tags = tags;
        this.authors = authors;
        this.settings = settings;
    }

    /** A browse: posts/, pages/, tags/ or authors/. */
    Uni<Response> browse(String resource, ContainerRequestContext context, UriInfo uri, String ifNoneMatch) {
        return switch (resource) {
            case "tags" -> collection(resource, tags::list, GhostPeople::tag, context, uri, ifNoneMatch);
            case "authors" -> collection(resource, authors::list, GhostPeople::author, context, uri, ifNoneMatch);
            default -> posts(resource, context, uri, ifNoneMatch);
        };
    }

    /** A read by id or by slug ({@code bySlug}) of a post, page, tag or author. */
    Uni<Response> read(
            String resource,
            String ref,
            boolean bySlug,
            ContainerRequestContext context,
            UriInfo uri,
            String ifNoneMatch) {
        return switch (resource) {
            case "tags" ->
                item(
                        resource,
                        ref,
                        bySlug,
                        b -> tags.one(b, ref),
                        tags::list,
                        GhostPeople::tag,
                        context,
                        uri,
                        ifNoneMatch);
            case "authors" ->
                item(
                        resource,
                        ref,
                        bySlug,
                        b -> authors.one(b, ref),
                        authors::list,
                        GhostPeople::author,
                        context,
                        uri,
                        ifNoneMatch);
            // Our single answer takes either: ids (24 hex digits) and slugs never look alike here.
            default -> post(resource, ref, context, uri, ifNoneMatch);
        };
    }

    Uni<Response> settings(ContainerRequestContext context, String ifNoneMatch) {
        return answer(
                context,
                "ghost/settings",
                ifNoneMatch,
                blog -> Uni.createFrom().item(GhostShape.settings(settings.settings(blog))));
    }

    /**
     * search-index/{posts,pages,tags,authors}/: the compact documents of Ghost's search index (Ghost's query
     * parameters do not apply there, so none is read): posts and pages most recently updated first, at most 10,000;
     * tags and authors those of our lists, in their order.
     */
    Uni<Response> searchIndex(String resource, ContainerRequestContext context, String ifNoneMatch) {
        return answer(context, "ghost/search-index/" + resource, ifNoneMatch, blog -> switch (resource) {
            case "tags" -> tags.list(blog).map(body -> compact(resource, body, GhostSearchIndex::tag));
            case "authors" -> authors.list(blog).map(body -> compact(resource, body, GhostSearchIndex::author));
            default ->
                posts.searchIndex(blog, kindOf(resource), GhostSearchIndex.MAX_DOCUMENTS, GhostSearchIndex::post);
        });
    }

    private static byte[] compact(String key, byte[] ours, Json.Item<JsonNode> document) {
        List<JsonNode> items = new ArrayList<>();
        GhostShape.array(GhostShape.read(ours), key).forEach(items::add);
        return Json.list(key, items, 200, document);
    }

    /** tiers/ and newsletters/: a site without members has none of either. */
    Uni<Response> none(String key, ContainerRequestContext context, UriInfo uri, String ifNoneMatch) {
        GhostCollection page = GhostCollection.parse(uri.getQueryParameters());
        return answer(
                context,
                "ghost/" + key + "?" + page.canonical(),
                ifNoneMatch,
                // An empty list: the item writer is never called.
                blog -> Uni.createFrom()
                        .item(page.page(key, JsonNodeFactory.instance.arrayNode(), (g, item, count) -> {})));
    }

    private Uni<Response> posts(String resource, ContainerRequestContext context, UriInfo uri, String ifNoneMatch) {
        String kind = kindOf(resource);
        GhostQuery ghost = GhostQuery.parse(uri.getQueryParameters(), true);
        ListQuery query = PostService.PARSER.list(ghost.ours());
        return answer(
                context,
                "ghost/" + resource + "?" + query.canonical() + "&" + ghost.canonical(),
                ifNoneMatch,
                blog -> posts.list(blog, kind, query, new GhostPostWriter(ghost)));
    }

    private Uni<Response> post(
            String resource, String slugOrId, ContainerRequestContext context, UriInfo uri, String ifNoneMatch) {
        GhostQuery ghost = GhostQuery.parse(uri.getQueryParameters(), false);
        ListQuery.Selection selection = PostService.PARSER.selection(ghost.ours());
        return answer(
                context,
                "ghost/" + resource + "/" + slugOrId + "?" + selection.canonical() + "&" + ghost.canonical(),
                ifNoneMatch,
                blog -> posts.one(blog, kindOf(resource), slugOrId, selection, new GhostPostWriter(ghost)));
    }

    /** "post" of posts, "page" of pages: our post types. */
    private static String kindOf(String resource) {
        return resource.substring(0, resource.length() - 1);
    }

    private Uni<Response> collection(
            String key,
            Function<Blog, Uni<byte[]>> list,
            GhostPeople.ItemWriter shape,
            ContainerRequestContext context,
            UriInfo uri,
            String ifNoneMatch) {
        GhostCollection page = GhostCollection.parse(uri.getQueryParameters());
        return answer(
                context,
                "ghost/" + key + "?" + page.canonical(),
                ifNoneMatch,
                blog -> list.apply(blog)
                        .map(body -> page.page(key, GhostShape.array(GhostShape.read(body), key), shape)));
    }

    /** One tag or author: by slug through our own single answer; by id out of our list (ids are not addresses of ours). */
    private Uni<Response> item(
            String key,
            String ref,
            boolean bySlug,
            Function<Blog, Uni<byte[]>> one,
            Function<Blog, Uni<byte[]>> list,
            GhostPeople.ItemWriter shape,
            ContainerRequestContext context,
            UriInfo uri,
            String ifNoneMatch) {
        boolean count = GhostCollection.parse(uri.getQueryParameters()).count();
        return answer(
                context,
                "ghost/" + key + "/" + (bySlug ? "slug/" : "id/") + ref + "?count=" + count,
                ifNoneMatch,
                blog -> (bySlug ? one.apply(blog) : list.apply(blog))
                        .map(body -> GhostShape.single(key, GhostShape.read(body), bySlug ? null : ref, count, shape)));
    }

    private Uni<Response> answer(
            ContainerRequestContext context, String variant, String ifNoneMatch, Function<Blog, Uni<byte[]>> build) {
        return answers.answer(ContentRequest.of(context).blog(), variant, ifNoneMatch, build)
                .map(Responses::of);
    }
}
