package dev.pressroom.auth.admin;

import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.config.AuthConfig;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;

/**
 * Initial access tokens (RFC 7591 §3): staff mint one per self-hosted instance, which registers with it once; or, for
 * a fleet an operator provisions (or a test plan that registers several clients), one of several uses (Keycloak's
 * "count") and its own expiry.
 */
@ApplicationScoped
public class InitialAccessTokenRoutes implements AdminRoutes {

    private final ClientService clients;
    private final AuthConfig config;
    private final AdminRequests requests;
    private final AdminReplies replies;

    public InitialAccessTokenRoutes(
            ClientService clients, AuthConfig config, AdminRequests requests, AdminReplies replies) {
        this.clients = clients;
        this.config = config;
        this.requests = requests;
        this.replies = replies;
    }

    @Override
    public void register(Router router) {
        router.route(HttpMethod.POST, "/admin/initial-access-tokens").handler(replies.answer(this::mint));
    }

    /** No body: one use within the configured lifetime. */
    private Uni<AdminReply> mint(RoutingContext ctx) {
        String body = ctx.body().asString();
        Uses uses = body == null || body.isBlank() ? new Uses(null, null) : requests.body(ctx, Uses.class);
        Duration ttl =
                uses.expires_in() == null ? config.initialAccessTokenTtl() : Duration.ofSeconds(uses.expires_in());
        int count = uses.count() == null ? 1 : uses.count();
        return clients.mintInitialAccessToken("admin", ttl, count).map(AdminReply::created);
    }

    /** How many registrations the token allows and for how many seconds; each optional. */
    @RegisterForReflection
    public record Uses(
            @Min(value = 1, message = "must be 1 to 1000") @Max(value = 1000, message = "must be 1 to 1000")
            Integer count,

            @Min(value = 60, message = "must be 60 to 7776000 seconds (90 days)")
            @Max(value = 7_776_000, message = "must be 60 to 7776000 seconds (90 days)")
            Long expires_in) {}
}
