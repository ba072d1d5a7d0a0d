package dev.pressroom.auth.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.client.ClientMetadata;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.client.Registrations;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.quarkus.vertx.http.ManagementInterface;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The staff API, served only on the management interface (AUTH_ADMIN_PORT, never behind the public ingress)
 * and guarded by the AUTH_ADMIN_TOKEN bearer token, compared in constant time.
 */
@ApplicationScoped
public class AdminRoutes {

    private static final Logger LOG = Logger.getLogger(AdminRoutes.class);
    private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._-]{3,64}");

    private final AccountService accounts;
    private final ClientService clients;
    private final Registrations registrations;
    private final AuthConfig config;
    private final ObjectMapper json;

    public AdminRoutes(AccountService accounts, ClientService clients, Registrations registrations, AuthConfig config,
                       ObjectMapper json) {
        this.accounts = accounts;
        this.clients = clients;
        this.registrations = registrations;
        this.config = config;
        this.json = json;
    }

    void register(@Observes ManagementInterface management) {
        Router router = management.router();
        router.route("/admin/*").handler(BodyHandler.create().setBodyLimit(64 * 1024));
        router.route("/admin/*").handler(this::authorize);
        router.route(HttpMethod.POST, "/admin/accounts").handler(ctx -> handle(ctx, NewAccount.class, this::createAccount));
        router.route(HttpMethod.PUT, "/admin/clients/:id").handler(ctx -> handle(ctx, ClientMetadata.class,
                m -> saveClient(ctx.pathParam("id"), m)));
        router.route(HttpMethod.POST, "/admin/clients/:id/verify").handler(ctx -> handle(ctx, Verification.class,
                v -> verify(ctx.pathParam("id"), v)));
        router.route(HttpMethod.POST, "/admin/initial-access-tokens").handler(ctx -> handle(ctx, null,
                ignored -> clients.mintInitialAccessToken("admin", config.initialAccessTokenTtl())
                        .map(token -> new Result(201, token))));
    }

    private void authorize(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        String expected = config.adminToken().filter(t -> !t.isBlank()).orElse(null);
        String given = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : null;
        if (expected == null || !Tokens.constantTimeEquals(expected, given)) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"admin\"");
            send(ctx, new Result(401, Map.of("error", "unauthorized", "error_description", "A valid admin token is required.")));
            return;
        }
        ctx.next();
    }

    private Uni<Result> createAccount(NewAccount a) {
        if (a.email() == null || !a.email().contains("@") || a.email().length() > 320 || a.password() == null
                || a.password().length() < 8 || a.name() == null || a.name().isBlank()) {
            return bad("email, name and a password of at least 8 characters are required");
        }
        return accounts.create(a.email(), a.password(), a.name(), a.picture(), Boolean.TRUE.equals(a.email_verified()))
                .map(account -> account == null
                        ? new Result(409, Map.of("error", "account_exists", "error_description", "An account with this email exists."))
                        : new Result(201, Map.of("id", account.id().toString(), "email", account.email())));
    }

    private Uni<Result> saveClient(String id, ClientMetadata metadata) {
        if (!CLIENT_ID.matcher(id).matches()) {
            return bad("client id must be 3 to 64 of A-Z a-z 0-9 . _ -");
        }
        var problem = metadata.problem(true);
        if (problem.isPresent()) {
            return Uni.createFrom().item(new Result(400, Map.of("error", problem.get().error(),
                    "error_description", problem.get().description())));
        }
        return clients.saveFirstParty(id, metadata.valid(), "admin")
                .map(registered -> new Result(200, registrations.describe(registered)))
                .onFailure(IllegalArgumentException.class).recoverWithItem(e -> new Result(409,
                        Map.of("error", "client_exists", "error_description", e.getMessage())));
    }

    private Uni<Result> verify(String id, Verification v) {
        if (v == null || v.verified_by() == null || v.verified_by().isBlank()) {
            return bad("verified_by (who checked the operator and redirect URIs) is required");
        }
        return clients.markVerified(id, v.verified_by()).map(found -> found
                ? new Result(200, Map.of("client_id", id, "verified", true, "verified_by", v.verified_by()))
                : new Result(404, Map.of("error", "not_found", "error_description", "No such client.")));
    }

    private <T> void handle(RoutingContext ctx, Class<T> type, Function<T, Uni<Result>> action) {
        T body = null;
        if (type != null) {
            try {
                body = json.readValue(ctx.body().asString() == null ? "" : ctx.body().asString(), type);
            } catch (Exception e) {
                send(ctx, new Result(400, Map.of("error", "invalid_request", "error_description", "The body must be JSON.")));
                return;
            }
            if (body == null) {
                send(ctx, new Result(400, Map.of("error", "invalid_request", "error_description", "The body is empty.")));
                return;
            }
        }
        action.apply(body).subscribe().with(result -> send(ctx, result), failure -> {
            LOG.error("Admin request failed", failure);
            send(ctx, new Result(500, Map.of("error", "server_error", "error_description", "Unexpected failure.")));
        });
    }

    private void send(RoutingContext ctx, Result result) {
        try {
            ctx.response().setStatusCode(result.status()).putHeader("Content-Type", "application/json")
                    .putHeader("Cache-Control", "no-store").end(json.writeValueAsString(result.body()));
        } catch (Exception e) {
            ctx.fail(e);
        }
    }

    private static Uni<Result> bad(String description) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "invalid_request");
        body.put("error_description", description);
        return Uni.createFrom().item(new Result(400, body));
    }

    record Result(int status, Object body) {
    }

    @RegisterForReflection
    public record NewAccount(String email, String password, String name, String picture, Boolean email_verified) {
    }

    @RegisterForReflection
    public record Verification(String verified_by) {
    }
}
