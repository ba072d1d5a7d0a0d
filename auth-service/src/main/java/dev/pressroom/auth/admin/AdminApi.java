package dev.pressroom.auth.admin;

import io.quarkus.arc.All;
import io.quarkus.vertx.http.ManagementInterface;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;

/**
 * The staff API, served only on the management interface (AUTH_ADMIN_PORT, never behind the public ingress): every
 * /admin/ request is recorded and authenticated by {@link AdminAuth} before one of the {@link AdminRoutes} answers it.
 */
@ApplicationScoped
public class AdminApi {

    /** Bodies are small JSON documents; a larger one is refused with 413 before any route sees it. */
    private static final int BODY_LIMIT = 64 * 1024;

    private final AdminAuth auth;
    private final List<AdminRoutes> routes;

    public AdminApi(AdminAuth auth, @All List<AdminRoutes> routes) {
        this.auth = auth;
        this.routes = routes;
    }

    void register(@Observes ManagementInterface management) {
        Router router = management.router();
        router.route("/admin/*").handler(BodyHandler.create().setBodyLimit(BODY_LIMIT));
        router.route("/admin/*").handler(auth::recordCall);
        router.route("/admin/*").handler(auth::authorize);
        routes.forEach(resource -> resource.register(router));
    }
}
