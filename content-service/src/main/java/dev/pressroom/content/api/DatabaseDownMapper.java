package dev.pressroom.content.api;

import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.error.DatabaseOutages;
import dev.pressroom.kernel.error.ErrorResponses;
import io.vertx.sqlclient.ClosedConnectionException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.ConnectException;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * PostgreSQL unreachable ({@link DatabaseOutages}): 503 with Retry-After, not a 500; the pool reconnects by itself
 * once it is back. The service opens no other sockets a request waits on, so these always mean the database.
 */
public class DatabaseDownMapper {

    private static final Logger LOG = Logger.getLogger(DatabaseDownMapper.class);

    @ServerExceptionMapper({
        ConnectException.class,
        ClosedConnectionException.class,
        io.netty.channel.ConnectTimeoutException.class,
        IOException.class
    })
    public Response databaseDown(Exception e) {
        LOG.warnf("Database unavailable: %s", e.getMessage());
        return ErrorResponses.of(new ApiException(
                503,
                "ServiceUnavailableError",
                "service_unavailable",
                "The content store is unavailable; retry shortly.",
                Map.of("Retry-After", "5")));
    }
}
