package dev.pressroom.auth.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.auth.account.AccountRepository;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.AuditQuery;
import dev.pressroom.auth.audit.AuditRepository;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.client.Registrations;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.endpoint.ClientAddress;
import dev.pressroom.auth.error.DatastoreErrors;
import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.keys.KeyRotation;
import dev.pressroom.auth.request.ClientMetadata;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.TenantIdentityProvider;
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
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The staff API, served only on the management interface (AUTH_ADMIN_PORT, never behind the public ingress)
 * and guarded by the AUTH_ADMIN_TOKEN bearer token, compared in constant time. Every call, refused ones included, is
 * an audit event naming who made it.
 */
@ApplicationScoped
public class AdminRoutes {

    private static final Logger LOG = Logger.getLogger(AdminRoutes.class);
    /** Who called (admin token, staff or refused), as authorize found out, and from where: for the admin_call event. */
    private static final String ACTOR = "audit.actor";

    private static final String ACTOR_ACCOUNT = "audit.actor-account";
    private static final String ORIGIN = "audit.origin";
    private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._-]{3,64}");
    /** Staff hold this role for the staff console client (AUTH_STAFF_CLIENT_ID). */
    public static final String STAFF_ROLE = "staff";

    private static final Pattern ROLE = Pattern.compile("[a-z0-9_:-]{1,64}");
    private static final java.util.List<String> LICENSE_STATUS =
            java.util.List.of("active", "trialing", "past_due", "canceled", "expired");

    private final AccountService accounts;
    private final AccountRepository accountRepository;
    private final ClientService clients;
    private final Registrations registrations;
    private final AuthConfig config;
    private final ObjectMapper json;
    private final KeyRotation rotation;
    private final TenantIdentityProvider staff;
    private final DatastoreErrors datastoreErrors;
    private final AuditLog audit;
    private final AuditRepository events;

    public AdminRoutes(
            AccountService accounts,
            AccountRepository accountRepository,
            ClientService clients,
            Registrations registrations,
            AuthConfig config,
            ObjectMapper json,
            KeyRotation rotation,
            TenantIdentityProvider staff,
            AuditLog audit,
            AuditRepository events,
            DatastoreErrors datastoreErrors) {
        this.datastoreErrors = datastoreErrors;
        this.audit = audit;
        this.events = events;
        this.rotation = rotation;
        this.staff = staff;
        this.accounts = accounts;
        this.accountRepository = accountRepository;
        this.clients = clients;
        this.registrations = registrations;
        this.config = config;
        this.json = json;
    }

    void register(@Observes ManagementInterface management) {
        Router router = management.router();
        router.route("/admin/*").handler(BodyHandler.create().setBodyLimit(64 * 1024));
        router.route("/admin/*").handler(this::recordCall);
        router.route("/admin/*").handler(this::authorize);
        router.route(HttpMethod.POST, "/admin/accounts")
                .handler(ctx -> handle(ctx, NewAccount.class, this::createAccount));
        router.route(HttpMethod.POST, "/admin/accounts/:id/roles")
                .handler(ctx -> handle(ctx, RoleGrant.class, r -> grantRole(ctx.pathParam("id"), r)));
        router.route(HttpMethod.POST, "/admin/accounts/:id/licenses")
                .handler(ctx -> handle(ctx, License.class, l -> saveLicense(ctx.pathParam("id"), l)));
        router.route(HttpMethod.PUT, "/admin/clients/:id")
                .handler(ctx -> handle(
                        ctx,
                        ClientMetadata.class,
                        m -> saveClient(ctx.pathParam("id"), m, givenSecret(ctx), origin(ctx))));
        router.route(HttpMethod.POST, "/admin/clients/:id/verify")
                .handler(ctx -> handle(ctx, Verification.class, v -> verify(ctx.pathParam("id"), v, origin(ctx))));
        router.route(HttpMethod.GET, "/admin/keys")
                .handler(ctx -> handle(
                        ctx, null, ignored -> rotation.list().map(list -> new Result(200, Map.of("keys", list)))));
        router.route(HttpMethod.POST, "/admin/keys")
                .handler(ctx -> handle(
                        ctx,
                        null,
                        ignored -> rotation(rotation.add(origin(ctx))
                                .map(kid -> new Result(201, Map.of("kid", kid, "state", "published"))))));
        router.route(HttpMethod.POST, "/admin/keys/:kid/publish")
                .handler(ctx -> handle(
                        ctx,
                        null,
                        ignored -> rotation(rotation.publish(ctx.pathParam("kid"), origin(ctx))
                                .replaceWith(keyState(ctx, "published")))));
        router.route(HttpMethod.POST, "/admin/keys/:kid/activate")
                .handler(ctx -> handle(
                        ctx,
                        null,
                        ignored -> rotation(rotation.activate(ctx.pathParam("kid"), force(ctx), origin(ctx))
                                .replaceWith(keyState(ctx, "active")))));
        router.route(HttpMethod.POST, "/admin/keys/:kid/retire")
                .handler(ctx -> handle(
                        ctx,
                        null,
                        ignored -> rotation(rotation.retire(ctx.pathParam("kid"), force(ctx), origin(ctx))
                                .replaceWith(keyState(ctx, "retired")))));
        router.route(HttpMethod.POST, "/admin/initial-access-tokens")
                .handler(ctx -> handle(
                        ctx,
                        null,
                        ignored -> clients.mintInitialAccessToken("admin", config.initialAccessTokenTtl())
                                .map(token -> new Result(201, token))));
        router.route(HttpMethod.GET, "/admin/events").handler(ctx -> handle(ctx, null, ignored -> events(ctx)));
    }

    /** The admin_call event is recorded once the answer has been sent, with its status. */
    private void recordCall(RoutingContext ctx) {
        ctx.put(ORIGIN, ClientAddress.origin(ctx.request()));
        ctx.put(ACTOR, "refused");
        ctx.addEndHandler(ended ->
                audit.record(AuditEvent.of(AuditEventType.ADMIN_CALL, ctx.get(ACTOR_ACCOUNT), null, origin(ctx))
                        .with("actor", ctx.get(ACTOR))
                        .with("method", ctx.request().method().name())
                        .with("path", ctx.normalizedPath())
                        .with("status", ctx.response().getStatusCode())));
        ctx.next();
    }

    private static Origin origin(RoutingContext ctx) {
        return ctx.get(ORIGIN);
    }

    /** GET /admin/events: filtered, newest first, a page at a time (README, "Audit events"). */
    private Uni<Result> events(RoutingContext ctx) {
        AuditQuery query;
        try {
            query = AuditQuery.parse(ctx.queryParams()::get);
        } catch (IllegalArgumentException e) {
            return bad(e.getMessage());
        }
        return events.find(query.filter(), query.limit()).map(page -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("events", page.stream().map(AdminRoutes::event).toList());
            body.put(
                    "next_cursor",
                    page.size() < query.limit()
                            ? null
                            : Long.toString(page.get(page.size() - 1).id()));
            return new Result(200, body);
        });
    }

    private static Map<String, Object> event(AuditRepository.StoredEvent e) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", e.id());
        json.put("time", e.occurredAt().toString());
        json.put("type", e.type());
        json.put("account_id", e.accountId() == null ? null : e.accountId().toString());
        json.put("client_id", e.clientId());
        json.put("address", e.address());
        json.put("user_agent", e.userAgent());
        json.put("details", e.details());
        return json;
    }

    private static boolean force(RoutingContext ctx) {
        return "true".equals(ctx.queryParams().get("force"));
    }

    private static Result keyState(RoutingContext ctx, String state) {
        return new Result(200, Map.of("kid", ctx.pathParam("kid"), "state", state));
    }

    /** A refused rotation step is a 409 with the reason; anything else stays a failure. */
    private static Uni<Result> rotation(Uni<Result> step) {
        return step.onFailure(KeyRotation.RotationException.class)
                .recoverWithItem(
                        e -> new Result(409, Map.of("error", "rotation_refused", "error_description", e.getMessage())));
    }

    /**
     * The bootstrap AUTH_ADMIN_TOKEN, or the access token of an account holding the staff role, validated by
     * quarkus-oidc through introspection at this provider (the pattern for every platform service).
     */
    private void authorize(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        String given = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                ? header.substring(7).trim()
                : null;
        String expected = config.adminToken().filter(t -> !t.isBlank()).orElse(null);
        if (given == null || given.isEmpty()) {
            unauthorized(ctx);
        } else if (expected != null && Tokens.constantTimeEquals(expected, given)) {
            ctx.put(ACTOR, "admin token");
            ctx.next();
        } else {
            staff.authenticate(new AccessTokenCredential(given))
                    .subscribe()
                    .with(
                            identity -> {
                                ctx.put(
                                        ACTOR_ACCOUNT,
                                        uuid(identity.getPrincipal().getName()));
                                if (identity.hasRole(STAFF_ROLE)) {
                                    ctx.put(ACTOR, "staff");
                                    ctx.next();
                                } else {
                                    send(
                                            ctx,
                                            new Result(
                                                    403,
                                                    Map.of(
                                                            "error",
                                                            "forbidden",
                                                            "error_description",
                                                            "This account does not hold the staff role.")));
                                }
                            },
                            failure -> unauthorized(ctx));
        }
    }

    private void unauthorized(RoutingContext ctx) {
        ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"admin\"");
        send(
                ctx,
                new Result(
                        401,
                        Map.of(
                                "error",
                                "unauthorized",
                                "error_description",
                                "The admin token or a staff access token is required.")));
    }

    private Uni<Result> createAccount(NewAccount a) {
        if (a.email() == null
                || !a.email().contains("@")
                || a.email().length() > 320
                || a.password() == null
                || a.password().length() < 8
                || a.name() == null
                || a.name().isBlank()) {
            return bad("email, name and a password of at least 8 characters are required");
        }
        return accounts.create(a.email(), a.password(), a.name(), a.picture(), Boolean.TRUE.equals(a.email_verified()))
                .chain(account -> account != null
                        ? Uni.createFrom()
                                .item(new Result(201, Map.of("id", account.id().toString(), "email", account.email())))
                        : accounts.findByEmail(a.email())
                                .map(existing -> new Result(
                                        409,
                                        Map.of(
                                                "error",
                                                "account_exists",
                                                "error_description",
                                                "An account with this email exists.",
                                                "id",
                                                existing.id().toString()))));
    }

    private Uni<Result> grantRole(String accountId, RoleGrant r) {
        UUID id = uuid(accountId);
        if (id == null
                || r.client_id() == null
                || r.role() == null
                || !ROLE.matcher(r.role()).matches()
                || r.client_id().length() > 64) {
            return bad("client_id and a role of 1 to 64 of a-z 0-9 _ : - are required");
        }
        return accounts.find(id)
                .chain(account -> account == null
                        ? notFound()
                        : accountRepository
                                .grantRole(id, r.client_id(), r.role())
                                .replaceWith(new Result(
                                        200,
                                        Map.of(
                                                "account_id",
                                                accountId,
                                                "client_id",
                                                r.client_id(),
                                                "role",
                                                r.role()))));
    }

    private Uni<Result> saveLicense(String accountId, License l) {
        UUID id = uuid(accountId);
        if (id == null
                || l.product() == null
                || l.plan() == null
                || l.major_version() == null
                || l.major_version() < 0
                || !LICENSE_STATUS.contains(String.valueOf(l.status()))) {
            return bad(
                    "product, plan, status (" + String.join(", ", LICENSE_STATUS) + ") and major_version are required");
        }
        return accounts.find(id)
                .chain(account -> account == null
                        ? notFound()
                        : accountRepository
                                .saveLicense(id, l.product(), l.plan(), l.status(), l.major_version())
                                .replaceWith(new Result(
                                        200,
                                        Map.of(
                                                "product",
                                                l.product(),
                                                "plan",
                                                l.plan(),
                                                "status",
                                                l.status(),
                                                "major_version",
                                                l.major_version()))));
    }

    private static UUID uuid(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Uni<Result> notFound() {
        return Uni.createFrom()
                .item(new Result(404, Map.of("error", "not_found", "error_description", "No such account.")));
    }

    private static String givenSecret(RoutingContext ctx) {
        try {
            Object secret = ctx.body().asJsonObject().getValue("client_secret");
            return secret instanceof String s ? s : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Uni<Result> saveClient(String id, ClientMetadata metadata, String givenSecret, Origin origin) {
        if (!CLIENT_ID.matcher(id).matches()) {
            return bad("client id must be 3 to 64 of A-Z a-z 0-9 . _ -");
        }
        if (givenSecret != null && (givenSecret.length() < 32 || givenSecret.length() > 256)) {
            return bad("a provisioned client_secret must have 32 to 256 characters");
        }
        ClientMetadata.Valid valid;
        try {
            valid = metadata.firstParty();
        } catch (OAuthException problem) {
            return Uni.createFrom()
                    .item(new Result(
                            400, Map.of("error", problem.error(), "error_description", problem.description())));
        }
        return clients.saveFirstParty(id, valid, "admin", givenSecret, origin)
                .map(registered -> new Result(200, registrations.describe(registered)))
                .onFailure(IllegalArgumentException.class)
                .recoverWithItem(
                        e -> new Result(409, Map.of("error", "client_exists", "error_description", e.getMessage())));
    }

    private Uni<Result> verify(String id, Verification v, Origin origin) {
        if (v == null || v.verified_by() == null || v.verified_by().isBlank()) {
            return bad("verified_by (who checked the operator and redirect URIs) is required");
        }
        return clients.markVerified(id, v.verified_by(), origin)
                .map(found -> found
                        ? new Result(200, Map.of("client_id", id, "verified", true, "verified_by", v.verified_by()))
                        : new Result(404, Map.of("error", "not_found", "error_description", "No such client.")));
    }

    private <T> void handle(RoutingContext ctx, Class<T> type, Function<T, Uni<Result>> action) {
        T body = null;
        if (type != null) {
            try {
                body = json.readValue(
                        ctx.body().asString() == null ? "" : ctx.body().asString(), type);
            } catch (Exception e) {
                send(
                        ctx,
                        new Result(
                                400,
                                Map.of("error", "invalid_request", "error_description", "The body must be JSON.")));
                return;
            }
            if (body == null) {
                send(
                        ctx,
                        new Result(400, Map.of("error", "invalid_request", "error_description", "The body is empty.")));
                return;
            }
        }
        action.apply(body).subscribe().with(result -> send(ctx, result), failure -> {
            // The hashing queue full or PostgreSQL out of reach (counted): a 503 the caller may retry, as on the public
            // endpoints.
            OAuthException unavailable = failure instanceof OAuthException busy && busy.status() == 503
                    ? busy
                    : datastoreErrors.postgresql(failure) ? DatastoreErrors.postgresqlUnavailable() : null;
            if (unavailable != null) {
                ctx.response().putHeader("Retry-After", "5");
                send(
                        ctx,
                        new Result(
                                503,
                                Map.of("error", unavailable.error(), "error_description", unavailable.description())));
                return;
            }
            LOG.error("Admin request failed", failure);
            send(ctx, new Result(500, Map.of("error", "server_error", "error_description", "Unexpected failure.")));
        });
    }

    private void send(RoutingContext ctx, Result result) {
        try {
            ctx.response()
                    .setStatusCode(result.status())
                    .putHeader("Content-Type", "application/json")
                    .putHeader("Cache-Control", "no-store")
                    .end(json.writeValueAsString(result.body()));
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

    record Result(int status, Object body) {}

    @RegisterForReflection
    public record NewAccount(String email, String password, String name, String picture, Boolean email_verified) {}

    @RegisterForReflection
    public record RoleGrant(String client_id, String role) {}

    @RegisterForReflection
    public record License(String product, String plan, String status, Integer major_version) {}

    @RegisterForReflection
    public record Verification(String verified_by) {}
}
