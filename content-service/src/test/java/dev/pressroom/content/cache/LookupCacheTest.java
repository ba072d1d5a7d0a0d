package dev.pressroom.content.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LookupCacheTest {

    record Thing(String name, String blogId) {}

    /** The failure the cache treats as "the database is away"; any other failure is passed on. */
    static final class Outage extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    private final AtomicLong nanos = new AtomicLong();
    private final LookupCache<Thing> cache = new LookupCache<>(
            100, Duration.ofSeconds(30), Duration.ofMinutes(5), Thing::blogId, Outage.class::isInstance, nanos::get);
    private final AtomicInteger loads = new AtomicInteger();

    private Optional<Thing> failingFind(String key, RuntimeException failure) {
        return cache.find(key, () -> {
                    loads.incrementAndGet();
                    return Uni.createFrom().<Optional<Thing>>failure(failure);
                })
                .await()
                .indefinitely();
    }

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

    @Test
    void findWhenTtlPassedThenLoadedAgain() {
        find("a", new Thing("a", "blog-1"));
        nanos.addAndGet(Duration.ofSeconds(30).toNanos());

        assertThat(find("a", new Thing("a2", "blog-1"))).contains(new Thing("a2", "blog-1"));
        assertThat(loads).hasValue(2);
    }

    @Test
    void findWhenTtlPassedAndDatabaseAwayThenLastValueStandsIn() {
        Thing a = new Thing("a", "blog-1");
        find("a", a);
        find("missing", null);
        nanos.addAndGet(Duration.ofMinutes(5).toNanos());

        assertThat(failingFind("a", new Outage())).contains(a);
        assertThat(failingFind("missing", new Outage())).isEmpty();
        // Still stale: every request tries the database again, so the first one after the outage refreshes it.
        assertThat(failingFind("a", new Outage())).contains(a);
        assertThat(loads).hasValue(5);
    }

    @Test
    void findWhenStaleLimitPassedAndDatabaseAwayThenFailure() {
        find("a", new Thing("a", "blog-1"));
        nanos.addAndGet(Duration.ofSeconds(30).plus(Duration.ofMinutes(5)).toNanos());

        assertThatThrownBy(() -> failingFind("a", new Outage())).isInstanceOf(Outage.class);
    }

    @Test
    void findWhenLoadFailsOtherwiseThenFailureEvenWithAnOldValue() {
        find("a", new Thing("a", "blog-1"));
        nanos.addAndGet(Duration.ofSeconds(31).toNanos());

        assertThatThrownBy(() -> failingFind("a", new IllegalStateException("bad row")))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void findWhenNeverLoadedAndDatabaseAwayThenFailure() {
        assertThatThrownBy(() -> failingFind("a", new Outage())).isInstanceOf(Outage.class);
    }
}
