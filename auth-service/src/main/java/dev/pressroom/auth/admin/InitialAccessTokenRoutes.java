package dev.pressroom.auth.admin;

import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.config.AuthConfig;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;

/** Initial access tokens (RFC 7591 §3): staff mint one per self-hosted instance, which registers with it once. */
@ApplicationScoped
public class InitialAccessTokenRoutes implements AdminRoutes {

    private final ClientService clients;
    private final AuthConfig config;
    private final AdminReplies replies;

    public InitialAccessTokenRoutes(ClientService clients, AuthConfig config, AdminReplies replies) {
        this.clients = clients;
        this.config = config;
        this.replies = replies;
    }

    @Override
    public void register(Router router) {
        router.route(HttpMethod.POST, "/admin/initial-access-tokens")
                .handler(replies.answer(ctx -> clients.mintInitialAccessToken("admin", config.initialAccessTokenTtl())
                        .map(AdminReply::created)));
    }
}
