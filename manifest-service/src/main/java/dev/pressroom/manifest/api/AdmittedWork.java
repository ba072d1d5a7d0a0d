package dev.pressroom.manifest.api;

import dev.pressroom.kernel.error.ApiException;
import dev.pressroom.manifest.admission.AdmissionBudget;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;

/**
 * Runs a request's validation while it holds the request's admission reservation ({@link AdmissionFilter}). The
 * connection's end gives the reservation back, but a client may leave right after its upload while the worker is still
 * validating it: without this, each such request would free memory still in use, and an attacker who never waits for
 * an answer could run validations without bound.
 */
final class AdmittedWork {

    /** Where the filter leaves a request's reservation. */
    static final String RESERVATION = "manifest.admission.reservation";

    private AdmittedWork() {}

    static <T> T run(RoutingContext request, Supplier<T> validation) {
        AdmissionBudget.Reservation reservation = request.get(RESERVATION);
        if (reservation == null) {
            return validation.get(); // no body, nothing reserved
        }
        if (!reservation.retain()) {
            // The request is over (its client left): there is no one to answer and nothing to validate for.
            throw new ApiException(
                    503, "ServiceUnavailableError", "request_ended", "The request ended before its validation.");
        }
        try {
            return validation.get();
        } finally {
            reservation.release();
        }
    }
}
