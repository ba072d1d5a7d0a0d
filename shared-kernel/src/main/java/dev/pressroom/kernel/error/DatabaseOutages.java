package dev.pressroom.kernel.error;

import io.netty.channel.ConnectTimeoutException;
import io.smallrye.mutiny.Uni;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * The failures of the reactive PostgreSQL client that mean the database is out of reach, not that a statement failed:
 * a refused or timed-out connect, a pooled connection the server ended (a restart, a failover), and a connection reset
 * (a crashed server, a dropped route), which is an {@link IOException}: a SocketException on a read, a plain
 * IOException on a write over NIO, netty's NativeIoException over epoll), and no answer within the service's deadline
 * ({@link #within}). Each service's exception mapper for them names the same classes.
 */
public final class DatabaseOutages {

    private DatabaseOutages() {}

    /**
     * The call, failed as an outage (a {@link SocketTimeoutException}) when the database has not answered within
     * {@code deadline}: in a network partition nothing answers and nothing closes the connection, and the reactive
     * client sets no deadline of its own, so a request would otherwise wait as long as the partition lasts.
     */
    public static <T> Uni<T> within(Duration deadline, Uni<T> call) {
        return call.ifNoItem()
                .after(deadline)
                .failWith(() -> new SocketTimeoutException(
                        "The database did not answer within " + deadline.toMillis() + " ms"));
    }

    public static boolean isOutage(Throwable failure) {
        return failure instanceof ConnectException
                || failure instanceof ClosedConnectionException
                || failure instanceof ConnectTimeoutException
                || failure instanceof IOException;
    }
}
