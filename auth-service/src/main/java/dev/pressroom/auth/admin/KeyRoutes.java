package dev.pressroom.auth.admin;

import dev.pressroom.auth.keys.JwsAlgorithm;
import dev.pressroom.auth.keys.KeyRotation;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** Signing key rotation, one command per step (README, "Signing key rotation"). */
@ApplicationScoped
public class KeyRoutes implements AdminRoutes {

    private final KeyRotation rotation;
    private final AdminReplies replies;

    public KeyRoutes(KeyRotation rotation, AdminReplies replies) {
        this.rotation = rotation;
        this.replies = replies;
    }

    @Override
    public void register(Router router) {
        router.route(HttpMethod.GET, "/admin/keys")
                .handler(replies.answer(ctx -> rotation.list().map(keys -> AdminReply.ok(Map.of("keys", keys)))));
        router.route(HttpMethod.POST, "/admin/keys")
                .handler(replies.answer(ctx -> refusable(Uni.createFrom()
                        .item(() -> alg(ctx))
                        .chain(alg -> rotation.add(alg, AdminAuth.origin(ctx)))
                        .map(kid -> AdminReply.created(Map.of("kid", kid, "state", "published"))))));
        router.route(HttpMethod.POST, "/admin/keys/:kid/publish")
                .handler(replies.answer(ctx -> refusable(
                        rotation.publish(kid(ctx), AdminAuth.origin(ctx)).replaceWith(state(ctx, "published")))));
        router.route(HttpMethod.POST, "/admin/keys/:kid/activate")
                .handler(replies.answer(ctx -> refusable(rotation.activate(kid(ctx), force(ctx), AdminAuth.origin(ctx))
                        .replaceWith(state(ctx, "active")))));
        router.route(HttpMethod.POST, "/admin/keys/:kid/retire")
                .handler(replies.answer(ctx -> refusable(rotation.retire(kid(ctx), force(ctx), AdminAuth.origin(ctx))
                        .replaceWith(state(ctx, "retired")))));
    }

    private static String kid(RoutingContext ctx) {
        return ctx.pathParam("kid");
    }

    /** ?alg=PS256 or ES256 makes a key for that algorithm; RS256 by default. */
    private static JwsAlgorithm alg(RoutingContext ctx) {
        String name = ctx.queryParams().get("alg");
        return name == null
                ? JwsAlgorithm.RS256
                : JwsAlgorithm.named(name)
                        .orElseThrow(() -> new KeyRotation.RotationException("alg must be RS256, PS256 or ES256."));
    }

    /** ?force=true skips the waits (emergency rotation after a leak). */
    private static boolean force(RoutingContext ctx) {
        return "true".equals(ctx.queryParams().get("force"));
    }

    private static AdminReply state(RoutingContext ctx, String state) {
        return AdminReply.ok(Map.of("kid", kid(ctx), "state", state));
    }

    /** A refused rotation step is a 409 with the reason; anything else stays a failure. */
    private static Uni<AdminReply> refusable(Uni<AdminReply> step) {
        return step.onFailure(KeyRotation.RotationException.class)
                .recoverWithItem(e -> AdminReply.error(409, "rotation_refused", e.getMessage()));
    }
}
