package dev.pressroom.content.api;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.kernel.error.DatabaseOutages;
import dev.pressroom.kernel.testing.PgActivity;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A deadline cancels the work, not only the wait: a statement still running when the request gave up is ended by
 * PostgreSQL (the kernel's statement_timeout) instead of holding its pooled connection.
 */
@QuarkusTest
class StatementTimeoutTest {

    @Inject
    Pool pool;

    /**
     * The production deadline (ContentConfig's default), which statement_timeout (3.5 s) sits just above; the test
     * profile's is generous.
     */
    private static final Duration DEADLINE = Duration.ofSeconds(3);

    @Test
    void slowStatementWhenPastTheDeadlineThenGoneFromPgStatActivitySoonAfter() throws InterruptedException {
        String marker = "slow_" + System.nanoTime();

        assertThatThrownBy(() -> DatabaseOutages.within(
                                DEADLINE,
                                pool.query(PgActivity.slowStatement(marker)).execute())
                        .await()
                        .indefinitely())
                .hasCauseInstanceOf(SocketTimeoutException.class);

        PgActivity.awaitNoneRunning(pool.getDelegate(), marker, Duration.ofSeconds(2));
    }
}
