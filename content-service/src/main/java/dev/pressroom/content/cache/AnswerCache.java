package dev.pressroom.content.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pressroom.content.config.ContentConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * Serialized answers, keyed by blog, content version and the canonical request. A new version makes old entries
 * unreachable at once; {@link #evictOlder} then frees them. A miss is computed once per replica however many requests
 * ask for the same key meanwhile (single flight): they all wait for that one computation; a failure is not kept.
 * Off (CONTENT_CACHE_ENABLED=false) for the benchmark, and then every request computes its own answer.
 */
@ApplicationScoped
public class AnswerCache {

    public record Key(String blogId, long version, String variant) {
    }

    private final boolean enabled;
    private final Cache<Key, byte[]> cache;
    private final ConcurrentMap<Key, CompletableFuture<byte[]>> inFlight = new ConcurrentHashMap<>();

    @Inject
    public AnswerCache(ContentConfig config) {
        this(config.cache().enabled(), config.cache().maxBytes());
    }

    AnswerCache(boolean enabled, long maxBytes) {
        this.enabled = enabled;
        this.cache = Caffeine.newBuilder().maximumWeight(maxBytes)
                .weigher((Key key, byte[] body) -> body.length + key.variant().length() + 64).build();
    }

    /** The cached answer, or the computation of it already in flight, or a new computation by {@code build}. */
    public Uni<byte[]> get(Key key, Supplier<Uni<byte[]>> build) {
        if (!enabled) {
            return build.get();
        }
        byte[] cached = cache.getIfPresent(key);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        CompletableFuture<byte[]> computation = new CompletableFuture<>();
        CompletableFuture<byte[]> running = inFlight.putIfAbsent(key, computation);
        if (running == null) {
            build.get().subscribe().with(body -> finish(key, computation, body), failure -> fail(key, computation, failure));
            running = computation;
        }
        if (running.isDone() && !running.isCompletedExceptionally()) {
            return Uni.createFrom().item(running.join());
        }
        // A copy: a waiter that goes away (its client disconnected) must not cancel what the others wait for.
        Uni<byte[]> shared = Uni.createFrom().completionStage(running.copy());
        // The computation completes on the event loop of the request that started it; each waiter resumes on its own.
        Context caller = Vertx.currentContext();
        return caller == null ? shared : shared.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }

    /** Keeps the answer unless its key was evicted while it was computed (the blog changed meanwhile). */
    private void finish(Key key, CompletableFuture<byte[]> computation, byte[] body) {
        if (inFlight.remove(key, computation)) {
            cache.put(key, body);
        }
        computation.complete(body);
    }

    private void fail(Key key, CompletableFuture<byte[]> computation, Throwable failure) {
        inFlight.remove(key, computation);
        computation.completeExceptionally(failure);
    }

    /** Drops the blog's answers of older versions, computations still in flight included. */
    public void evictOlder(String blogId, long currentVersion) {
        inFlight.keySet().removeIf(k -> k.blogId().equals(blogId) && k.version() < currentVersion);
        cache.asMap().keySet().removeIf(k -> k.blogId().equals(blogId) && k.version() < currentVersion);
    }

    public void evictAll() {
        inFlight.clear();
        cache.invalidateAll();
    }
}
