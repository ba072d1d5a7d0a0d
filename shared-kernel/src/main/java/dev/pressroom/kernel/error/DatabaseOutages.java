package dev.pressroom.kernel.error;

import io.netty.channel.ConnectTimeoutException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;

/**
 * The failures of the reactive PostgreSQL client that mean the database is out of reach, not that a statement failed:
 * a refused or timed-out connect, a pooled connection the server ended (a restart, a failover), and a connection reset
 * (a crashed server, a dropped route), which is an {@link IOException}: a SocketException on a read, a plain
 * IOException on a write over NIO, netty's NativeIoException over epoll. Each service's exception mapper for them
 * names the same classes.
 */
public final class DatabaseOutages {

    private DatabaseOutages() {}

    public static boolean isOutage(Throwable failure) {
        return failure instanceof ConnectException
                || failure instanceof ClosedConnectionException
                || failure instanceof ConnectTimeoutException
                || failure instanceof IOException;
    }
}
