package dev.pressroom.auth.store;

import dev.pressroom.auth.request.AuthorizationRequest;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** An authorization request waiting for sign-in or consent, bound to the browser by its CSRF token. */
@RegisterForReflection
public record PendingRequest(String id, String csrf, AuthorizationRequest request, boolean signedInForIt) {

    public PendingRequest signedIn() {
        return new PendingRequest(id, csrf, request, true);
    }
}
