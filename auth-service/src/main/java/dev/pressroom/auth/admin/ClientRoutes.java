package dev.pressroom.auth.admin;

import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.client.Registrations;
import dev.pressroom.auth.request.ClientMetadata;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;

/** First-party clients: created or replaced by staff (registration metadata, roles allowed) and verified. */
@ApplicationScoped
public class ClientRoutes implements AdminRoutes {

    private final ClientService clients;
    private final Registrations registrations;
    private final AdminRequests requests;
    private final AdminReplies replies;

    public ClientRoutes(
            ClientService clients, Registrations registrations, AdminRequests requests, AdminReplies replies) {
        this.clients = clients;
        this.registrations = registrations;
        this.requests = requests;
        this.replies = replies;
    }

    @Override
    public void register(Router router) {
        router.route(HttpMethod.PUT, "/admin/clients/:id").handler(replies.answer(this::save));
        router.route(HttpMethod.POST, "/admin/clients/:id/verify")
                .handler(replies.answer(ctx -> verify(ctx, requests.body(ctx, Verification.class))));
    }

    /** 200 with a new client_secret each call (or the one provisioned); 409 for the id of a registered client. */
    private Uni<AdminReply> save(RoutingContext ctx) {
        String id = requests.valid(new ClientId(ctx.pathParam("id"))).client_id();
        String secret = requests.body(ctx, ProvisionedSecret.class).client_secret();
        ClientMetadata.Valid metadata = requests.body(ctx, ClientMetadata.class).firstParty();
        return clients.saveFirstParty(id, metadata, "admin", secret, AdminAuth.origin(ctx))
                .map(registered -> AdminReply.ok(registrations.describe(registered)))
                .onFailure(IllegalArgumentException.class)
                .recoverWithItem(e -> AdminReply.error(409, "client_exists", e.getMessage()));
    }

    private Uni<AdminReply> verify(RoutingContext ctx, Verification v) {
        String id = ctx.pathParam("id");
        return clients.markVerified(id, v.verified_by(), AdminAuth.origin(ctx))
                .map(found -> found
                        ? AdminReply.ok(Map.of("client_id", id, "verified", true, "verified_by", v.verified_by()))
                        : AdminReply.error(404, "not_found", "No such client."));
    }

    /** The {id} of a client path. */
    @RegisterForReflection
    public record ClientId(
            @Pattern(regexp = "[A-Za-z0-9._-]{3,64}", message = "must be 3 to 64 of A-Z a-z 0-9 . _ -")
            String client_id) {}

    /** A known secret staff provision, e.g. the staff console's, which the service also mounts; optional. */
    @RegisterForReflection
    public record ProvisionedSecret(
            @Size(min = 32, max = 256, message = "must have 32 to 256 characters when provisioned")
            String client_secret) {}

    @RegisterForReflection
    public record Verification(
            @NotBlank(message = "is required (who checked the operator and redirect URIs)")
            String verified_by) {}
}
