package dev.pressroom.auth.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ShortLivedCacheTest {

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
        now.addAndGet(Duration.ofSeconds(4).toNanos());
        assertThat(get("a")).isEqualTo("a#1");
        assertThat(loads).hasValue(1);
    }

    @Test
    void getWhenExpiredThenLoadsAgain() {
        get("a");
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(get("a")).isEqualTo("a#2");
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
    }

    @Test
    void getWhenFullThenStartsEmptyInsteadOfGrowing() {
        get("a");
        get("b");
        get("c");
        assertThat(get("a")).isEqualTo("a#4");
        assertThat(get("c")).isEqualTo("c#3");
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
