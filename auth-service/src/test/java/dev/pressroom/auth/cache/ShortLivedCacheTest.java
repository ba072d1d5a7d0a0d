package dev.pressroom.auth.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShortLivedCacheTest {

    /** Caffeine's ticker: nanoseconds the test moves by hand, never a sleep. */
    private final AtomicLong now = new AtomicLong();

    private final AtomicInteger loads = new AtomicInteger();
    private final ShortLivedCache<String, String> cache = new ShortLivedCache<>(Duration.ofSeconds(5), 2, now::get);

    private Uni<String> load(String key) {
        loads.incrementAndGet();
        return Uni.createFrom().item(key.startsWith("missing") ? null : key + "#" + loads.get());
    }

    private String get(String key) {
        return cache.get(key, this::load).await().indefinitely();
    }

    @Test
    void getWhenFreshThenKeptValueWithoutLoading() {
        assertThat(get("a")).isEqualTo("a#1");
        now.addAndGet(Duration.ofSeconds(5).minusNanos(1).toNanos());
        assertThat(get("a")).isEqualTo("a#1");
        assertThat(loads).hasValue(1);
    }

    @Test
    void getWhenTimeToLiveReachedThenLoadsAgain() {
        get("a");
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(get("a")).isEqualTo("a#2");
        assertThat(cache.size()).isEqualTo(1);
    }

    @Test
    void getWhenReadOftenThenStillExpiresAfterLoading() {
        get("a");
        for (int second = 1; second < 5; second++) {
            now.addAndGet(Duration.ofSeconds(1).toNanos());
            assertThat(get("a")).isEqualTo("a#1");
        }
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(get("a")).as("reads do not extend a value's life").isEqualTo("a#2");
    }

    @Test
    void getWhenForgottenThenLoadsAgain() {
        get("a");
        cache.forget("a");
        assertThat(get("a")).isEqualTo("a#2");
    }

    @Test
    void getWhenAbsentThenNotKept() {
        assertThat(get("missing")).isNull();
        assertThat(get("missing")).isNull();
        assertThat(loads).hasValue(2);
        assertThat(cache.size()).isZero();
    }

    @Test
    void getWhenMoreKeysThanMaximumThenSizeStaysBounded() {
        List<String> keys = IntStream.range(0, 50).mapToObj(i -> "key" + i).toList();
        keys.forEach(this::get);

        assertThat(cache.size()).isEqualTo(2);
        int loadsBefore = loads.get();
        keys.forEach(this::get);
        assertThat(loads.get() - loadsBefore)
                .as("only the two kept keys answer without a load")
                .isGreaterThanOrEqualTo(keys.size() - 2);
    }

    @Test
    void getWhenLoadFailsThenNothingKept() {
        Uni<String> failing = Uni.createFrom().failure(new IllegalStateException("down"));
        assertThat(cache.get("a", k -> failing)
                        .onFailure()
                        .recoverWithNull()
                        .await()
                        .indefinitely())
                .isNull();
        assertThat(get("a")).isEqualTo("a#1");
    }
}
