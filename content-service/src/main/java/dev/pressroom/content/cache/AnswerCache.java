package dev.pressroom.content.cache;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.pressroom.content.cdn.EdgeHeaders;
import dev.pressroom.content.config.ContentConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Serialized answers, keyed by blog, content version and the canonical request. A new version makes old entries
 * unreachable at once; {@link #evictOlder} then frees them. A miss is computed once per replica however many requests
 * ask for the same key meanwhile (single flight, Caffeine's AsyncCache): they all wait for that one computation; a
 * failure is not kept, and an answer whose key was evicted while it was computed is not kept either.
 * Off (CONTENT_CACHE_ENABLED=false) for the benchmark, and then every request computes its own answer.
 *
 * <p>Metrics (README, Metrics and traces): requests by result, evictions by reason, entries. A disabled cache keeps
 * its meters: every request a miss, no entries.
 */
@ApplicationScoped
public class AnswerCache {

    public record Key(String blogId, long version, String variant) {}

    /** A serialized answer with its caching headers (its surrogate keys are read from the body once, here). */
    // The body is written out as is and never compared: an array keeps the cached bytes uncopied.
    @SuppressWarnings("ArrayRecordComponent")
    public record Entry(byte[] body, EdgeHeaders edge) {}

    private final boolean enabled;
    private final AsyncCache<Key, Entry> cache;
    private final Counter hits;
    private final Counter misses;
    private final Counter sizeEvictions;
    private final Counter invalidations;

    @Inject
    public AnswerCache(ContentConfig config, MeterRegistry registry) {
        this(config.cache().enabled(), config.cache().maxBytes(), registry);
    }

    AnswerCache(boolean enabled, long maxBytes, MeterRegistry registry) {
        this.enabled = enabled;
        this.hits = requests(registry, "hit");
        this.misses = requests(registry, "miss");
        this.sizeEvictions = evictions(registry, "size");
        this.invalidations = evictions(registry, "invalidated");
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((Key key, Entry entry) -> weight(key, entry))
                .removalListener((Key key, Entry entry, RemovalCause cause) -> countRemoval(cause))
                .buildAsync();
        Gauge.builder(
                        "pressroom.content.cache.entries",
                        cache,
                        c -> c.synchronous().estimatedSize())
                .description("Answers in the cache")
                .register(registry);
    }

    private static int weight(Key key, Entry entry) {
        String keys = entry.edge() == null || entry.edge().keys() == null
                ? ""
                : entry.edge().keys();
        return entry.body().length + key.variant().length() + keys.length() + 64;
    }

    private static Counter requests(MeterRegistry registry, String result) {
        return Counter.builder("pressroom.content.cache.requests")
                .tag("result", result)
                .description("Answers asked of the cache")
                .register(registry);
    }

    private static Counter evictions(MeterRegistry registry, String reason) {
        return Counter.builder("pressroom.content.cache.evictions")
                .tag("reason", reason)
                .description("Answers dropped from the cache: size (it was full, CONTENT_CACHE_MAX_BYTES) or"
                        + " invalidated (their blog changed, or the change listener reconnected)")
                .register(registry);
    }

    /** Invalidations are the explicit removals below; a replaced answer is not an eviction, its key still has one. */
    private void countRemoval(RemovalCause cause) {
        if (cause == RemovalCause.EXPLICIT) {
            invalidations.increment();
        } else if (cause == RemovalCause.SIZE) {
            sizeEvictions.increment();
        }
    }

    /** The cached answer, or the computation of it already in flight, or a new computation by {@code build}. */
    public Uni<Entry> get(Key key, Supplier<Uni<Entry>> build) {
        if (!enabled) {
            misses.increment();
            return build.get();
        }
        CompletableFuture<Entry> cached = cache.getIfPresent(key);
        if (cached != null && answered(cached)) {
            hits.increment();
            return Uni.createFrom().item(cached.join());
        }
        misses.increment();
        CompletableFuture<Entry> answer =
                cache.get(key, (k, executor) -> build.get().subscribeAsCompletionStage());
        if (answered(answer)) {
            return Uni.createFrom().item(answer.join());
        }
        // A copy: a waiter that goes away (its client disconnected) must not cancel what the others wait for.
        Uni<Entry> shared = Uni.createFrom().completionStage(answer.copy());
        // The computation completes on the event loop of the request that started it; each waiter resumes on its own.
        Context caller = Vertx.currentContext();
        return caller == null ? shared : shared.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }

    private static boolean answered(CompletableFuture<Entry> future) {
        return future.isDone() && !future.isCompletedExceptionally();
    }

    /** Drops the blog's answers of older versions, computations still in flight included. */
    public void evictOlder(String blogId, long currentVersion) {
        cache.asMap().keySet().removeIf(k -> k.blogId().equals(blogId) && k.version() < currentVersion);
    }

    public void evictAll() {
        cache.synchronous().invalidateAll();
    }
}
