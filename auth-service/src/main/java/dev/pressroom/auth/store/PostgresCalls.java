package dev.pressroom.auth.store;

import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.kernel.error.DatabaseOutages;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * Every PostgreSQL call of the service, answered within the database deadline (AUTH_POSTGRES_DEADLINE) or failed as
 * an outage ({@link DatabaseOutages#within}), which the endpoints answer 503. In a network partition PostgreSQL
 * neither answers nor closes the connection, and the reactive client sets no deadline of its own: without this one a
 * request would wait as long as the partition lasts.
 */
@ApplicationScoped
public class PostgresCalls {

    private final Pool pool;
    private final Duration deadline;

    public PostgresCalls(Pool pool, AuthConfig config) {
        this.pool = pool;
        this.deadline = config.postgresDeadline();
    }

    /** A prepared statement with its arguments. */
    public Uni<RowSet<Row>> query(String sql, Tuple arguments) {
        return DatabaseOutages.within(deadline, pool.preparedQuery(sql).execute(arguments));
    }

    /** A statement without arguments, sent as a simple query. */
    public Uni<RowSet<Row>> query(String sql) {
        return DatabaseOutages.within(deadline, pool.query(sql).execute());
    }

    /** One prepared statement run for each row of arguments, in one round trip. */
    public Uni<RowSet<Row>> batch(String sql, List<Tuple> rows) {
        return DatabaseOutages.within(deadline, pool.preparedQuery(sql).executeBatch(rows));
    }

    /** The statements {@code work} runs on the connection, in one transaction, all within one deadline. */
    public <T> Uni<T> inTransaction(Function<SqlConnection, Uni<T>> work) {
        return DatabaseOutages.within(deadline, pool.withTransaction(work));
    }
}
