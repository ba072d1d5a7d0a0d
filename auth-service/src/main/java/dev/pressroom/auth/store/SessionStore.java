package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;
import java.util.List;

/** Browser sessions by cookie value (stored hashed). */
public interface SessionStore {

    Uni<Void> save(String cookieValue, Session session);

    /** The session of a cookie value; null for none, and for any value no session cookie could have. */
    Uni<Session> find(String cookieValue);

    /**
     * A session as an authorization needs it: with its account's consent to the client as Redis holds it
     * ({@link ConsentMirror}), read in the same round trip.
     *
     * @param session as {@link #find} answers it
     * @param consent the consent's copy; null when there is no session or Redis holds no copy
     */
    record WithConsent(Session session, ConsentMirror.Copy consent) {}

    /** {@link #find}, with the session's consent to the client beside it. */
    Uni<WithConsent> findWithConsent(String cookieValue, String clientId);

    /** Ends the session of a cookie value, if any. */
    Uni<Void> delete(String cookieValue);

    /** Ends every session that signed in with this passkey (its id); answers those that had not expired. */
    Uni<List<Session>> endSignedInWith(String passkeyId);

    /** Ends every session of the account; answers those that had not expired. */
    Uni<List<Session>> endAllOf(String accountId);

    /** Whether a browser's value could be a session cookie (absent, empty or oversized ones are never looked up). */
    static boolean wellFormed(String cookieValue) {
        return cookieValue != null && !cookieValue.isEmpty() && cookieValue.length() <= 64;
    }
}
