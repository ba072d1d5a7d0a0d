package dev.pressroom.auth.store;

import dev.pressroom.auth.request.AuthorizationRequest;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * An authorization request waiting for sign-in or consent, bound to the browser by its CSRF token.
 * {@code consentSid} is null while it waits for a sign-in; once consent is asked it holds the sid of the session
 * that was checked for it (prompt=login, max_age), and only that session may answer. {@code confirmsIdentity}: a
 * sign-in of the account pages asked for before a change to how the person signs in (no authorization request);
 * {@code change}: that change, continued once the sign-in succeeds (null: none).
 */
@RegisterForReflection
public record PendingRequest(
        String id,
        String csrf,
        AuthorizationRequest request,
        boolean signedInForIt,
        String consentSid,
        boolean confirmsIdentity,
        PendingChange change) {

    public static PendingRequest start(String id, String csrf, AuthorizationRequest request) {
        return new PendingRequest(id, csrf, request, false, null, false, null);
    }

    /** The account pages' sign-in, asked for before a change to how the person signs in ({@code change}, or null). */
    public static PendingRequest confirmingIdentity(String id, String csrf, PendingChange change) {
        return new PendingRequest(id, csrf, null, false, null, true, change);
    }

    public PendingRequest signedIn() {
        return new PendingRequest(id, csrf, request, true, consentSid, confirmsIdentity, change);
    }

    public PendingRequest awaitingConsentOf(String sid) {
        return new PendingRequest(id, csrf, request, signedInForIt, sid, confirmsIdentity, change);
    }

    /** The change, to continue on the account page under a new id once its person confirmed who they are. */
    public PendingRequest resumedAs(String newId) {
        return new PendingRequest(newId, csrf, null, true, null, true, change);
    }
}
