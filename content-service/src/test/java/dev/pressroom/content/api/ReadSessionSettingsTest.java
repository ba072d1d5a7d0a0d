package dev.pressroom.content.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The read connections (the reactive client's and Hibernate Reactive's pool) run without parallel workers or JIT. */
@QuarkusTest
class ReadSessionSettingsTest {

    @Inject
    Pool pool;

    private String show(String setting) {
        return pool.query("SHOW " + setting)
                .execute()
                .await()
                .indefinitely()
                .iterator()
                .next()
                .getString(0);
    }

    @Test
    void readConnectionWhenOpenedThenNoParallelWorkersAndNoJit() {
        assertThat(show("max_parallel_workers_per_gather")).isEqualTo("0");
        assertThat(show("jit")).isEqualTo("off");
    }
}
