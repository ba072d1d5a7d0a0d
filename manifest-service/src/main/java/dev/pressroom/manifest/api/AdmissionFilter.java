package dev.pressroom.manifest.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.kernel.observe.RouteLabels;
import dev.pressroom.manifest.admission.AdmissionBudget;
import dev.pressroom.manifest.admission.RequestWeights;
import dev.pressroom.manifest.config.ManifestConfig;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;

/**
 * Bounds the validations in flight (README, Robustness): every request with a body reserves its weight in the
 * {@link AdmissionBudget} as soon as its headers arrive, before any of its body is buffered, and gives it back when its
 * answer ends or its connection closes. A request that does not fit gets 503 with Retry-After at once.
 */
@ApplicationScoped
public class AdmissionFilter {

    /** Before every other filter (the kernel's RouteLabels is 10,000), so nothing runs for a refused request. */
    private static final int PRIORITY = 20_000;

    private static final String MANIFESTS = "/v1/manifests/validate";
    private static final String PACKAGES = "/v1/packages/validate";
    /** Where Quarkus REST leaves the matched route template, which the HTTP metrics label a request by. */
    private static final String ROUTE_TEMPLATE = "UrlPathTemplate";

    private final AdmissionBudget budget;
    private final RequestWeights weights;
    private final ApiException busy;
    private final String busyBody;

    public AdmissionFilter(AdmissionBudget budget, RequestWeights weights, ManifestConfig config, ObjectMapper json)
            throws JsonProcessingException {
        this.budget = budget;
        this.weights = weights;
        this.busy = busy(config.admission().retryAfterSeconds());
        this.busyBody = json.writeValueAsString(busy.envelope());
    }

    void register(@Observes Filters filters) {
        filters.register(this::admit, PRIORITY);
    }

    private void admit(RoutingContext rc) {
        long length = declaredLength(rc.request());
        if (length == 0) {
            rc.next();
            return;
        }
        String path = rc.normalizedPath();
        long weight = MANIFESTS.equals(path) ? weights.manifestUpload(length) : weights.packageUpload(length);
        Optional<AdmissionBudget.Reservation> reservation = budget.tryReserve(weight);
        if (reservation.isEmpty()) {
            // Refused before any route matched: name the route here, or the metrics would label it by its raw path.
            String route = MANIFESTS.equals(path) || PACKAGES.equals(path) ? path : RouteLabels.UNMATCHED;
            ((HttpServerRequestInternal) rc.request()).context().putLocal(ROUTE_TEMPLATE, route);
            rc.put(RouteLabels.ACCESS_LOG_KEY, route);
            refuse(rc.response());
            return;
        }
        // Called when the answer is sent or the connection closes first (an aborted upload); the validation holds
        // the reservation too while it runs (AdmittedWork).
        rc.put(AdmittedWork.RESERVATION, reservation.get());
        rc.addEndHandler(ended -> reservation.get().release());
        rc.next();
    }

    /** Content-Length; unknown for a chunked body; 0 for none. */
    private static long declaredLength(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                return Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                return RequestWeights.UNKNOWN_LENGTH;
            }
        }
        return request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null ? RequestWeights.UNKNOWN_LENGTH : 0;
    }

    /** The platform envelope, as kernel ErrorResponses writes it, from here where no JAX-RS mapper runs yet. */
    private void refuse(HttpServerResponse response) {
        response.setStatusCode(busy.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        busy.headers().forEach(response::putHeader);
        response.end(busyBody);
    }

    private static ApiException busy(int retryAfterSeconds) {
        return new ApiException(
                503,
                "ServiceUnavailableError",
                "service_busy",
                "The service is validating as much as its memory allows; retry in " + retryAfterSeconds + " s.",
                Map.of("Retry-After", Integer.toString(retryAfterSeconds)));
    }
}
