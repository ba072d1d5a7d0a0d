package dev.pressroom.auth.admin;

import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.config.AuthConfig;
import dev.pressroom.auth.endpoint.ClientAddress;
import dev.pressroom.kernel.id.Tokens;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.TenantIdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * Who may call the admin API, and the audit event of every call. The caller presents the bootstrap AUTH_ADMIN_TOKEN,
 * compared in constant time, or the access token of an account holding the staff role, validated by quarkus-oidc
 * through introspection at this provider (the pattern for every platform service). Every call, refused ones
 * included, is an admin_call event naming who made it.
 */
@ApplicationScoped
public class AdminAuth {

    /** Staff hold this role for the staff console client (AUTH_STAFF_CLIENT_ID). */
    public static final String STAFF_ROLE = "staff";

    /** Who called (admin token, staff or refused), as authorize found out, and from where: for the admin_call event. */
    private static final String ACTOR = "audit.actor";

    private static final String ACTOR_ACCOUNT = "audit.actor-account";
    private static final String ORIGIN = "audit.origin";

    private final AuthConfig config;
    private final TenantIdentityProvider staff;
    private final AuditLog audit;
    private final AdminReplies replies;

    public AdminAuth(AuthConfig config, TenantIdentityProvider staff, AuditLog audit, AdminReplies replies) {
        this.config = config;
        this.staff = staff;
        this.audit = audit;
        this.replies = replies;
    }

    /** The client address and user agent of the call, for the audit events its route records. */
    static Origin origin(RoutingContext ctx) {
        return ctx.get(ORIGIN);
    }

    /** The admin_call event is recorded once the answer has been sent, with its status. */
    void recordCall(RoutingContext ctx) {
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

    void authorize(RoutingContext ctx) {
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
                    .with(identity -> staffOrForbidden(ctx, identity), failure -> unauthorized(ctx));
        }
    }

    private void staffOrForbidden(RoutingContext ctx, SecurityIdentity identity) {
        ctx.put(ACTOR_ACCOUNT, accountId(identity.getPrincipal().getName()));
        if (identity.hasRole(STAFF_ROLE)) {
            ctx.put(ACTOR, "staff");
            ctx.next();
        } else {
            replies.send(ctx, AdminReply.error(403, "forbidden", "This account does not hold the staff role."));
        }
    }

    private void unauthorized(RoutingContext ctx) {
        ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"admin\"");
        replies.send(
                ctx, AdminReply.error(401, "unauthorized", "The admin token or a staff access token is required."));
    }

    /** The staff account's id (the token's subject), for the audit event; null if the subject is not one. */
    private static UUID accountId(String subject) {
        try {
            return UUID.fromString(subject);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
