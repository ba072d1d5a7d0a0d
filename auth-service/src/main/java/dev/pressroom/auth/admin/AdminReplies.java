package dev.pressroom.auth.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.error.DatastoreErrors;
import dev.pressroom.auth.error.OAuthException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;
import org.jboss.logging.Logger;

/** Runs an admin route and writes its answer, or the answer its failure calls for: the one place failures become JSON. */
@ApplicationScoped
public class AdminReplies {

    private static final Logger LOG = Logger.getLogger(AdminReplies.class);

    private final ObjectMapper json;
    private final DatastoreErrors datastoreErrors;

    public AdminReplies(ObjectMapper json, DatastoreErrors datastoreErrors) {
        this.json = json;
        this.datastoreErrors = datastoreErrors;
    }

    /** A route handler that runs {@code action} (whose exceptions count as failures) and replies. */
    Handler<RoutingContext> answer(Function<RoutingContext, Uni<AdminReply>> action) {
        return ctx -> Uni.createFrom()
                .deferred(() -> action.apply(ctx))
                .subscribe()
                .with(reply -> send(ctx, reply), failure -> send(ctx, failed(ctx, failure)));
    }

    /**
     * A refused request (400 invalid_request, or an RFC 7591 error for client metadata), the hashing queue full or
     * PostgreSQL out of reach (counted): answered with its status, the 503s with Retry-After as on the public
     * endpoints. Anything else is a logged 500 that says nothing of its cause.
     */
    private AdminReply failed(RoutingContext ctx, Throwable failure) {
        OAuthException answer = failure instanceof OAuthException refused
                ? refused
                : datastoreErrors.postgresql(failure) ? DatastoreErrors.postgresqlUnavailable() : null;
        if (answer == null) {
            LOG.error("Admin request failed", failure);
            return AdminReply.error(500, "server_error", "Unexpected failure.");
        }
        if (answer.status() == 503) {
            ctx.response().putHeader("Retry-After", "5");
        }
        return AdminReply.error(answer.status(), answer.error(), answer.description());
    }

    void send(RoutingContext ctx, AdminReply reply) {
        ctx.response().setStatusCode(reply.status()).putHeader("Cache-Control", "no-store");
        if (reply.body() == null) {
            ctx.response().end();
            return;
        }
        try {
            ctx.response().putHeader("Content-Type", "application/json").end(json.writeValueAsString(reply.body()));
        } catch (JsonProcessingException e) {
            ctx.fail(e);
        }
    }
}
