package dev.pressroom.content.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.kernel.error.ApiException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class AnswerCacheTest {

    private static final AnswerCache.Key KEY = new AnswerCache.Key("blog", 1, "posts?page=1");
    private static final AnswerCache.Entry BODY =
            new AnswerCache.Entry("{\"posts\":[]}".getBytes(StandardCharsets.UTF_8), null);

    /** A build that counts its runs and finishes only when the test completes {@link #result}. */
    private static final class SlowBuild implements Supplier<Uni<AnswerCache.Entry>> {
        final AtomicInteger runs = new AtomicInteger();
        final CompletableFuture<AnswerCache.Entry> result = new CompletableFuture<>();

        @Override
        public Uni<AnswerCache.Entry> get() {
            runs.incrementAndGet();
            return Uni.createFrom().completionStage(result);
        }
    }

    private static List<CompletableFuture<AnswerCache.Entry>> ask(AnswerCache cache, SlowBuild build, int requests) {
        List<CompletableFuture<AnswerCache.Entry>> answers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            answers.add(cache.get(KEY, build).subscribeAsCompletionStage());
        }
        return answers;
    }

    @Test
    void getWhenConcurrentMissesOnColdKeyThenOneComputationSharedByAll() throws Exception {
        AnswerCache cache = new AnswerCache(true, 1 << 20, new SimpleMeterRegistry());
        SlowBuild build = new SlowBuild();
        List<CompletableFuture<AnswerCache.Entry>> answers = ask(cache, build, 32);
        assertThat(answers).noneMatch(CompletableFuture::isDone);
        build.result.complete(BODY);
        for (CompletableFuture<AnswerCache.Entry> answer : answers) {
            assertThat(answer.get(5, TimeUnit.SECONDS)).isSameAs(BODY);
        }
        assertThat(cache.get(KEY, build).await().indefinitely()).isSameAs(BODY);
        assertThat(build.runs).hasValue(1);
    }

    @Test
    void getWhenComputationFailsThenEveryWaiterGetsTheFailureAndTheNextRequestComputesAgain() {
        AnswerCache cache = new AnswerCache(true, 1 << 20, new SimpleMeterRegistry());
        SlowBuild failing = new SlowBuild();
        List<CompletableFuture<AnswerCache.Entry>> answers = ask(cache, failing, 4);
        failing.result.completeExceptionally(ApiException.notFound("No such post."));
        for (CompletableFuture<AnswerCache.Entry> answer : answers) {
            Assertions.assertThatThrownBy(() -> answer.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(ApiException.class);
        }
        SlowBuild next = new SlowBuild();
        next.result.complete(BODY);
        assertThat(cache.get(KEY, next).await().indefinitely()).isSameAs(BODY);
        assertThat(failing.runs).hasValue(1);
        assertThat(next.runs).hasValue(1);
    }

    @Test
    void getWhenOneWaiterCancelsThenTheOthersStillGetTheAnswer() throws Exception {
        AnswerCache cache = new AnswerCache(true, 1 << 20, new SimpleMeterRegistry());
        SlowBuild build = new SlowBuild();
        List<CompletableFuture<AnswerCache.Entry>> answers = ask(cache, build, 3);
        answers.get(0).cancel(true);
        build.result.complete(BODY);
        assertThat(answers.get(1).get(5, TimeUnit.SECONDS)).isSameAs(BODY);
        assertThat(answers.get(2).get(5, TimeUnit.SECONDS)).isSameAs(BODY);
        assertThat(build.runs).hasValue(1);
    }

    @Test
    void getWhenCacheDisabledThenEveryRequestComputesItsOwnAnswer() {
        AnswerCache cache = new AnswerCache(false, 1 << 20, new SimpleMeterRegistry());
        SlowBuild build = new SlowBuild();
        ask(cache, build, 5);
        assertThat(build.runs).hasValue(5);
    }

    @Test
    void evictOlderWhenComputationInFlightThenItsAnswerIsNotKept() {
        AnswerCache cache = new AnswerCache(true, 1 << 20, new SimpleMeterRegistry());
        SlowBuild old = new SlowBuild();
        CompletableFuture<AnswerCache.Entry> waiting = cache.get(KEY, old).subscribeAsCompletionStage();
        cache.evictOlder("blog", 2);
        old.result.complete(BODY);
        assertThat(waiting.join()).isSameAs(BODY);
        SlowBuild again = new SlowBuild();
        again.result.complete(BODY);
        cache.get(KEY, again).await().indefinitely();
        assertThat(again.runs).hasValue(1);
    }

    @Test
    void getWhenMissThenHitThenCountedAndOneEntry() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AnswerCache cache = new AnswerCache(true, 1 << 20, registry);
        SlowBuild build = new SlowBuild();
        build.result.complete(BODY);

        cache.get(KEY, build).await().indefinitely();
        cache.get(KEY, build).await().indefinitely();
        cache.get(KEY, build).await().indefinitely();

        assertThat(registry.get("pressroom.content.cache.requests")
                        .tag("result", "miss")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get("pressroom.content.cache.requests")
                        .tag("result", "hit")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(registry.get("pressroom.content.cache.entries").gauge().value())
                .isEqualTo(1);
    }

    @Test
    void getWhenCacheDisabledThenMetricsShowEveryRequestMissedAndNoEntries() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AnswerCache cache = new AnswerCache(false, 1 << 20, registry);
        SlowBuild build = new SlowBuild();
        build.result.complete(BODY);

        cache.get(KEY, build).await().indefinitely();
        cache.get(KEY, build).await().indefinitely();

        assertThat(registry.get("pressroom.content.cache.requests")
                        .tag("result", "miss")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(registry.get("pressroom.content.cache.requests")
                        .tag("result", "hit")
                        .counter()
                        .count())
                .isZero();
        assertThat(registry.get("pressroom.content.cache.entries").gauge().value())
                .isZero();
    }

    @Test
    void getWhenCacheFullThenSizeEvictionsCounted() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        // Room for about two answers of 1 KiB.
        AnswerCache cache = new AnswerCache(true, 2_500, registry);
        for (int version = 1; version <= 5; version++) {
            SlowBuild build = new SlowBuild();
            build.result.complete(new AnswerCache.Entry(new byte[1024], null));
            cache.get(new AnswerCache.Key("blog", version, "posts"), build)
                    .await()
                    .indefinitely();
        }

        // Caffeine evicts and notifies on its executor, after the puts.
        assertThat(awaitCount(registry, "size", 3)).isEqualTo(3);
        assertThat(registry.get("pressroom.content.cache.evictions")
                        .tag("reason", "invalidated")
                        .counter()
                        .count())
                .isZero();
        assertThat(registry.get("pressroom.content.cache.entries").gauge().value())
                .isEqualTo(2);
    }

    @Test
    void evictOlderWhenBlogChangedThenInvalidationsCountedAndEntriesGone() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AnswerCache cache = new AnswerCache(true, 1 << 20, registry);
        for (String variant : List.of("posts", "tags", "settings")) {
            SlowBuild build = new SlowBuild();
            build.result.complete(BODY);
            cache.get(new AnswerCache.Key("blog", 1, variant), build).await().indefinitely();
        }

        cache.evictOlder("blog", 2);

        assertThat(awaitCount(registry, "invalidated", 3)).isEqualTo(3);
        assertThat(registry.get("pressroom.content.cache.evictions")
                        .tag("reason", "size")
                        .counter()
                        .count())
                .isZero();
        assertThat(registry.get("pressroom.content.cache.entries").gauge().value())
                .isZero();
    }

    /** Caffeine counts evictions on its maintenance thread, after the put that caused them. */
    private static double awaitCount(SimpleMeterRegistry registry, String reason, double expected) {
        return await().atMost(Duration.ofSeconds(5))
                .until(
                        () -> registry.get("pressroom.content.cache.evictions")
                                .tag("reason", reason)
                                .counter()
                                .count(),
                        count -> count >= expected);
    }
}
