package dev.pressroom.auth.admin;

import io.vertx.ext.web.Router;

/**
 * One resource's routes of the admin API. {@link AdminApi} registers every implementation after the handlers every
 * /admin/ path passes (body limit, audit, staff authentication), so a route only parses, acts and replies.
 */
public interface AdminRoutes {

    void register(Router router);
}
