package dev.pressroom.kernel.observe;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Context;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * Bounded labels for every answer of the public port. The route: the HTTP metrics' uri label, the server span's name
 * and the access log's {@code %{d,route}}. Quarkus REST gives the matched method's template; an answer no method matched
 * (a 405, a body refused before matching, a preflight) would be labelled with its raw path, whatever a caller wrote,
 * one new series each until Quarkus's tag cap, after which real routes first seen later go unmeasured. Those get
 * {@value #UNMATCHED} (404s too: Quarkus's own NOT_FOUND word does not cover every path) or {@value #PREFLIGHT}. The
 * method: Vert.x accepts any token as a method and Quarkus labels it as sent, so one not in HTTP's registry of the
 * standard ones is {@value #OTHER_METHOD}, as OpenTelemetry's semantic conventions do.
 */
@ApplicationScoped
public class RouteLabels {

    /** The routing-context key the access-log pattern names. */
    public static final String ACCESS_LOG_KEY = "route";

    public static final String UNMATCHED = "/unmatched";
    /** Quarkus's own label for preflights that carry Access-Control-Request-* headers. */
    static final String PREFLIGHT = "/cors-preflight";
    /** Where Quarkus REST leaves the template for metrics and traces (ObservabilityUtil). */
    private static final String TEMPLATE = "UrlPathTemplate";

    static final String OTHER_METHOD = "OTHER";
    /** RFC 9110 §9 and PATCH (RFC 5789). */
    private static final Set<String> METHODS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

    private static final String HTTP_SERVER_REQUESTS = "http.server.requests";
    private static final String METHOD = "method";
    private static final int FIRST = 10_000;

    void register(@Observes Filters filters) {
        filters.register(this::labelAtResponse, FIRST);
    }

    private void labelAtResponse(RoutingContext rc) {
        rc.addHeadersEndHandler(ignored -> {
            Context context = ((HttpServerRequestInternal) rc.request()).context();
            String label =
                    label(context.getLocal(TEMPLATE), rc.request().method().name());
            context.putLocal(TEMPLATE, label);
            rc.put(ACCESS_LOG_KEY, label);
        });
        rc.next();
    }

    @Produces
    @Singleton
    MeterFilter boundedMethods() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                String method = id.getTag(METHOD);
                if (!HTTP_SERVER_REQUESTS.equals(id.getName()) || method == null || method.equals(method(method))) {
                    return id;
                }
                return id.replaceTags(Tags.of(id.getTagsAsIterable()).and(METHOD, method(method)));
            }
        };
    }

    /** The method if HTTP defines it, else a fixed word. */
    static String method(String method) {
        return METHODS.contains(method) ? method : OTHER_METHOD;
    }

    /** The matched template, else a fixed word: never the path a caller wrote. */
    static String label(Object template, String method) {
        if (template instanceof String path && !path.isEmpty()) {
            return path;
        }
        return "OPTIONS".equals(method) ? PREFLIGHT : UNMATCHED;
    }
}
