package dev.pressroom.auth.admin;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * The uri label of admin API requests (http.server.requests). Quarkus labels a Vert.x route's requests with the
 * route's template ({@code /admin/accounts/{id}/roles}) once that route matched; a request answered before, by the
 * handlers every /admin/ path passes (401, 403, 413) or by the router (405), would be labelled with its raw path: an
 * account id, or whatever the caller typed, one new series each. Any admin label that is not one of
 * the {@link AdminRoutes}' templates becomes {@value #UNMATCHED}; a route added there and not here is labelled so too.
 */
@ApplicationScoped
public class AdminUriLabels {

    static final String UNMATCHED = "/admin/*";
    static final Set<String> TEMPLATES = Set.of(
            "/admin/accounts",
            "/admin/accounts/{id}/roles",
            "/admin/accounts/{id}/licenses",
            "/admin/clients/{id}",
            "/admin/clients/{id}/verify",
            "/admin/keys",
            "/admin/keys/{kid}/publish",
            "/admin/keys/{kid}/activate",
            "/admin/keys/{kid}/retire",
            "/admin/initial-access-tokens",
            "/admin/events");
    private static final String HTTP_SERVER_REQUESTS = "http.server.requests";
    private static final String URI = "uri";

    @Produces
    @Singleton
    MeterFilter adminUris() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String uri = id.getTag(URI);
                if (!HTTP_SERVER_REQUESTS.equals(id.getName())
                        || uri == null
                        || !uri.startsWith("/admin/")
                        || TEMPLATES.contains(uri)) {
                    return id;
                }
                return id.replaceTags(Tags.of(id.getTagsAsIterable()).and(URI, UNMATCHED));
            }
        };
    }
}
