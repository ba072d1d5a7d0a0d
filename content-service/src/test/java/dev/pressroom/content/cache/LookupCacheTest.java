package dev.pressroom.content.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LookupCacheTest {

    record Thing(String name, String blogId) {}

    private final LookupCache<Thing> cache = new LookupCache<>(100, Duration.ofMinutes(5), Thing::blogId);
    private final AtomicInteger loads = new AtomicInteger();

    private Optional<Thing> find(String key, Thing answer) {
        return cache.find(key, () -> {
                    loads.incrementAndGet();
                    return Uni.createFrom().item(Optional.ofNullable(answer));
                })
                .await()
                .indefinitely();
    }

    @Test
    void findWhenAskedAgainThenLoadedOnceNotFoundIncluded() {
        Thing a = new Thing("a", "blog-1");

        find("a", a);
        find("missing", null);

        assertThat(find("a", a)).contains(a);
        assertThat(find("missing", null)).isEmpty();
        assertThat(loads).hasValue(2);
    }

    @Test
    void evictWhenBlogChangedThenItsEntriesAndEveryNotFoundAreLoadedAgain() {
        Thing a = new Thing("a", "blog-1");
        Thing b = new Thing("b", "blog-2");
        find("a", a);
        find("b", b);
        find("missing", null);

        cache.evict("blog-1");
        loads.set(0);

        find("a", a);
        find("b", b);
        find("missing", null);
        // blog-1's entry and the "not found" (the change may have created it) again; blog-2's kept.
        assertThat(loads).hasValue(2);
    }

    @Test
    void evictAllWhenCalledThenEverythingIsLoadedAgain() {
        find("a", new Thing("a", "blog-1"));

        cache.evictAll();
        loads.set(0);
        find("a", new Thing("a", "blog-1"));

        assertThat(loads).hasValue(1);
    }
}
