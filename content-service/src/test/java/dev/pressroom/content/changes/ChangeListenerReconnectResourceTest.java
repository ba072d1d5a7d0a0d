package dev.pressroom.content.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.pressroom.content.observe.Metrics;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The LISTEN connection, killed from SQL, comes back by itself, and each return counts as a reconnect. */
@QuarkusTest
class ChangeListenerReconnectResourceTest {

    private static final String RECONNECTS = "pressroom_content_change_listener_reconnects_total";

    @Inject
    DataSource jdbc;

    @Test
    void listenerWhenBackendTerminatedThenReconnectsAndCountsIt() throws Exception {
        double before = Metrics.value(RECONNECTS);

        assertThat(awaitTerminated()).isEqualTo(1);

        assertThat(Metrics.await(value -> value >= before + 1, RECONNECTS)).isEqualTo(before + 1);
        assertThat(awaitTerminated()).as("listening again").isEqualTo(1);
    }

    /** Ends this database's LISTEN backend once there is one; answers how many were ended. */
    private int awaitTerminated() {
        return await().atMost(Duration.ofSeconds(15)).until(this::terminateListener, terminated -> terminated > 0);
    }

    private int terminateListener() throws SQLException {
        try (Connection connection = jdbc.getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "select count(*) filter (where pg_terminate_backend(pid)) from pg_stat_activity"
                                + " where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
