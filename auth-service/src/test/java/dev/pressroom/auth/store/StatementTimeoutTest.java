package dev.pressroom.auth.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pressroom.auth.support.ProductionDeadlinesProfile;
import dev.pressroom.kernel.testing.PgActivity;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A deadline cancels the work, not only the wait: a statement still running when {@link PostgresCalls} gave up is
 * ended by PostgreSQL (the kernel's statement_timeout) instead of holding its pooled connection.
 */
@QuarkusTest
@TestProfile(ProductionDeadlinesProfile.class)
class StatementTimeoutTest {

    @Inject
    PostgresCalls calls;

    @Inject
    Pool pool;

    @Test
    void slowStatementWhenPastTheDeadlineThenGoneFromPgStatActivitySoonAfter() throws InterruptedException {
        String marker = "slow_" + System.nanoTime();

        assertThatThrownBy(() ->
                        calls.query(PgActivity.slowStatement(marker)).await().indefinitely())
                .hasCauseInstanceOf(SocketTimeoutException.class);

        PgActivity.awaitNoneRunning(pool.getDelegate(), marker, Duration.ofSeconds(2));
    }
}
