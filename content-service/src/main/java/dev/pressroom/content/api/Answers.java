package dev.pressroom.content.api;

import dev.pressroom.content.blog.Blog;
import dev.pressroom.content.cache.AnswerCache;
import dev.pressroom.content.cdn.EdgeCaching;
import dev.pressroom.content.config.ContentConfig;
import dev.pressroom.kernel.error.DatabaseOutages;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.function.Function;

/**
 * Revalidation and the answer cache in front of the services: a matching If-None-Match is answered with 304 before
 * anything is read; otherwise the body comes from the cache for the blog's current version, or is built (once for
 * all the requests that miss it together) and kept, within the database deadline (a 503 after it). Every 304 counts
 * in pressroom.content.not.modified.
 */
@ApplicationScoped
public class Answers {

    private final AnswerCache cache;
    private final ETags etags;
    private final Counter notModified;
    private final Duration deadline;
    private final EdgeCaching edge;

    public Answers(AnswerCache cache, ContentConfig config, EdgeCaching edge, MeterRegistry registry) {
        this.cache = cache;
        this.edge = edge;
        this.deadline = config.db().deadline();
        this.etags = new ETags(config.key().pepper());
        this.notModified = Counter.builder("pressroom.content.not.modified")
                .description("Answers of 304 Not Modified (If-None-Match matched)")
                .register(registry);
    }

    public Uni<Answer> answer(Blog blog, String variant, String ifNoneMatch, Function<Blog, Uni<byte[]>> build) {
        String etag = etags.of(blog.id(), blog.version(), variant);
        if (ETags.matches(ifNoneMatch, etag)) {
            return Uni.createFrom().item(notModified(etag));
        }
        Uni<AnswerCache.Entry> entry = cache.get(
                new AnswerCache.Key(blog.id(), blog.version(), variant),
                () -> DatabaseOutages.within(deadline, build.apply(blog))
                        .map(body -> new AnswerCache.Entry(body, edge.full(blog.id(), variant, body))));
        // "*" matches any current representation (RFC 9110 §13.1.2), so it is known only once the answer exists.
        return entry.map(e -> ETags.isWildcard(ifNoneMatch) ? notModified(etag) : new Answer(etag, e.body(), e.edge()));
    }

    private Answer notModified(String etag) {
        notModified.increment();
        return new Answer(etag, null, edge.withoutKeys());
    }
}
