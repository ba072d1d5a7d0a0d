package dev.pressroom.content.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pressroom.kernel.error.ApiException;
import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
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
    private static final byte[] BODY = "{\"posts\":[]}".getBytes(StandardCharsets.UTF_8);

    /** A build that counts its runs and finishes only when the test completes {@link #result}. */
    private static final class SlowBuild implements Supplier<Uni<byte[]>> {
        final AtomicInteger runs = new AtomicInteger();
        final CompletableFuture<byte[]> result = new CompletableFuture<>();

        @Override
        public Uni<byte[]> get() {
            runs.incrementAndGet();
            return Uni.createFrom().completionStage(result);
        }
    }

    private static List<CompletableFuture<byte[]>> ask(AnswerCache cache, SlowBuild build, int requests) {
        List<CompletableFuture<byte[]>> answers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            answers.add(cache.get(KEY, build).subscribeAsCompletionStage());
        }
        return answers;
    }

    @Test
    void getWhenConcurrentMissesOnColdKeyThenOneComputationSharedByAll() throws Exception {
        AnswerCache cache = new AnswerCache(true, 1 << 20);
        SlowBuild build = new SlowBuild();
        List<CompletableFuture<byte[]>> answers = ask(cache, build, 32);
        assertThat(answers).noneMatch(CompletableFuture::isDone);
        build.result.complete(BODY);
        for (CompletableFuture<byte[]> answer : answers) {
            assertThat(answer.get(5, TimeUnit.SECONDS)).isSameAs(BODY);
        }
        assertThat(cache.get(KEY, build).await().indefinitely()).isSameAs(BODY);
        assertThat(build.runs).hasValue(1);
    }

    @Test
    void getWhenComputationFailsThenEveryWaiterGetsTheFailureAndTheNextRequestComputesAgain() {
        AnswerCache cache = new AnswerCache(true, 1 << 20);
        SlowBuild failing = new SlowBuild();
        List<CompletableFuture<byte[]>> answers = ask(cache, failing, 4);
        failing.result.completeExceptionally(ApiException.notFound("No such post."));
        for (CompletableFuture<byte[]> answer : answers) {
            Assertions.assertThatThrownBy(() -> answer.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ApiException.class);
        }
        SlowBuild next = new SlowBuild();
        next.result.complete(BODY);
        assertThat(cache.get(KEY, next).await().indefinitely()).isSameAs(BODY);
        assertThat(failing.runs).hasValue(1);
        assertThat(next.runs).hasValue(1);
    }

    @Test
    void getWhenOneWaiterCancelsThenTheOthersStillGetTheAnswer() throws Exception {
        AnswerCache cache = new AnswerCache(true, 1 << 20);
        SlowBuild build = new SlowBuild();
        List<CompletableFuture<byte[]>> answers = ask(cache, build, 3);
        answers.get(0).cancel(true);
        build.result.complete(BODY);
        assertThat(answers.get(1).get(5, TimeUnit.SECONDS)).isSameAs(BODY);
        assertThat(answers.get(2).get(5, TimeUnit.SECONDS)).isSameAs(BODY);
        assertThat(build.runs).hasValue(1);
    }

    @Test
    void getWhenCacheDisabledThenEveryRequestComputesItsOwnAnswer() {
        AnswerCache cache = new AnswerCache(false, 1 << 20);
        SlowBuild build = new SlowBuild();
        ask(cache, build, 5);
        assertThat(build.runs).hasValue(5);
    }

    @Test
    void evictOlderWhenComputationInFlightThenItsAnswerIsNotKept() {
        AnswerCache cache = new AnswerCache(true, 1 << 20);
        SlowBuild old = new SlowBuild();
        CompletableFuture<byte[]> waiting = cache.get(KEY, old).subscribeAsCompletionStage();
        cache.evictOlder("blog", 2);
        old.result.complete(BODY);
        assertThat(waiting.join()).isSameAs(BODY);
        SlowBuild again = new SlowBuild();
        again.result.complete(BODY);
        cache.get(KEY, again).await().indefinitely();
        assertThat(again.runs).hasValue(1);
    }
}
