package dev.pressroom.auth.admin;

import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.logout.StaffSignOut;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.UUID;

/** Accounts: created by staff, given roles per first-party client and licenses, signed out everywhere. */
@ApplicationScoped
public class AccountRoutes implements AdminRoutes {

    private static final String UUID_FORM =
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
    private static final String REQUIRED = "is required";

    private final AccountService accounts;
    private final StaffSignOut signOut;
    private final AdminRequests requests;
    private final AdminReplies replies;

    public AccountRoutes(AccountService accounts, StaffSignOut signOut, AdminRequests requests, AdminReplies replies) {
        this.accounts = accounts;
        this.signOut = signOut;
        this.requests = requests;
        this.replies = replies;
    }

    @Override
    public void register(Router router) {
        router.route(HttpMethod.POST, "/admin/accounts")
                .handler(replies.answer(ctx -> create(requests.body(ctx, NewAccount.class))));
        router.route(HttpMethod.POST, "/admin/accounts/:id/roles")
                .handler(replies.answer(ctx -> grantRole(accountId(ctx), requests.body(ctx, RoleGrant.class))));
        router.route(HttpMethod.POST, "/admin/accounts/:id/licenses")
                .handler(replies.answer(ctx -> saveLicense(accountId(ctx), requests.body(ctx, License.class))));
        router.route(HttpMethod.POST, "/admin/accounts/:id/logout")
                .handler(replies.answer(ctx -> signOut.endEverySession(accountId(ctx), AdminAuth.origin(ctx))
                        .map(found -> found ? AdminReply.noContent() : noSuchAccount())));
    }

    private UUID accountId(RoutingContext ctx) {
        return UUID.fromString(
                requests.valid(new AccountId(ctx.pathParam("id"))).account_id());
    }

    /** 201, or 409 account_exists with the id of the account that has this email. */
    private Uni<AdminReply> create(NewAccount a) {
        return accounts.create(a.email(), a.password(), a.name(), a.picture(), Boolean.TRUE.equals(a.email_verified()))
                .chain(account -> account != null
                        ? Uni.createFrom()
                                .item(AdminReply.created(
                                        Map.of("id", account.id().toString(), "email", account.email())))
                        : accounts.findByEmail(a.email()).map(existing -> {
                            Map<String, Object> body =
                                    AdminReply.errorBody("account_exists", "An account with this email exists.");
                            body.put("id", existing.id().toString());
                            return new AdminReply(409, body);
                        }));
    }

    private Uni<AdminReply> grantRole(UUID id, RoleGrant r) {
        return accounts.grantRole(id, r.client_id(), r.role())
                .map(found -> found
                        ? AdminReply.ok(
                                Map.of("account_id", id.toString(), "client_id", r.client_id(), "role", r.role()))
                        : noSuchAccount());
    }

    private Uni<AdminReply> saveLicense(UUID id, License l) {
        return accounts.saveLicense(id, l.product(), l.plan(), l.status(), l.major_version())
                .map(found -> found
                        ? AdminReply.ok(Map.of(
                                "product",
                                l.product(),
                                "plan",
                                l.plan(),
                                "status",
                                l.status(),
                                "major_version",
                                l.major_version()))
                        : noSuchAccount());
    }

    private static AdminReply noSuchAccount() {
        return AdminReply.error(404, "not_found", "No such account.");
    }

    /** The {id} of an account path. */
    @RegisterForReflection
    public record AccountId(
            @Pattern(regexp = UUID_FORM, message = "must be an account id (a UUID)")
            String account_id) {}

    @RegisterForReflection
    public record NewAccount(
            @NotNull(message = REQUIRED)
            @Size(max = 320, message = "has at most 320 characters")
            @Pattern(regexp = "(?s).*@.*", message = "must be an email address")
            String email,

            @NotNull(message = REQUIRED) @Size(min = 8, message = "must have at least 8 characters")
            String password,

            @NotBlank(message = REQUIRED) String name,
            String picture,
            Boolean email_verified) {}

    @RegisterForReflection
    public record RoleGrant(
            @NotNull(message = REQUIRED) @Size(max = 64, message = "has at most 64 characters")
            String client_id,

            @NotNull(message = REQUIRED)
            @Pattern(regexp = "[a-z0-9_:-]{1,64}", message = "must be 1 to 64 of a-z 0-9 _ : -")
            String role) {}

    /** Upserted per product and major version. */
    @RegisterForReflection
    public record License(
            @NotNull(message = REQUIRED) String product,
            @NotNull(message = REQUIRED) String plan,

            @NotNull(message = REQUIRED)
            @Pattern(
                    regexp = "active|trialing|past_due|canceled|expired",
                    message = "must be one of active, trialing, past_due, canceled, expired")
            String status,

            @NotNull(message = REQUIRED) @PositiveOrZero(message = "must be 0 or more")
            Integer major_version) {}
}
