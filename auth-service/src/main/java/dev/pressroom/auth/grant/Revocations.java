package dev.pressroom.auth.grant;

import dev.pressroom.auth.error.OAuthException;
import dev.pressroom.auth.store.SessionStore;
import dev.pressroom.auth.store.TokenStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Every revocation, whoever asks for it: the client (RFC 7009), the person (sign-out, Connected apps) or the server
 * itself (reuse, a replayed code, a removed consent), counted by reason once it is done
 * ({@value #REVOCATIONS}{reason}), so an operator sees a wave of reuse detections apart from people removing apps.
 */
@ApplicationScoped
public class Revocations {

    static final String REVOCATIONS = "pressroom.auth.revocations";

    /** Why something was revoked: the label's fixed set of values. */
    public enum Reason {
        /** The client revoked a token (RFC 7009). */
        REVOCATION_ENDPOINT,
        /** The person signed out: their browser session ended. */
        LOGOUT,
        /** The person removed the app on their home page. */
        CONNECTED_APPS,
        /** A retired refresh token was presented again (RFC 9700 §4.14.2). */
        REUSE,
        /** A used authorization code was presented again (RFC 9700 §4.5). */
        CODE_REPLAY,
        /** A refresh token was presented by another client than its own: it leaked. */
        WRONG_CLIENT,
        /** An expired refresh token was presented. */
        EXPIRED,
        /** The consent the grant rests on was removed (possibly given again since). */
        CONSENT_REMOVED,
        /** The passkey the grant's sign-in used was removed. */
        PASSKEY_REMOVED,
        /** The client deleted its own registration (RFC 7592 §2.3). */
        CLIENT_DELETED;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final TokenStore tokens;
    private final SessionStore sessions;
    private final Map<Reason, Counter> counters = new EnumMap<>(Reason.class);

    public Revocations(TokenStore tokens, SessionStore sessions, MeterRegistry registry) {
        this.tokens = tokens;
        this.sessions = sessions;
        for (Reason reason : Reason.values()) {
            counters.put(
                    reason,
                    Counter.builder(REVOCATIONS)
                            .description("Revocations, by reason")
                            .tag("reason", reason.label())
                            .register(registry));
        }
    }

    /** Revokes every access and refresh token of the grant. */
    public Uni<Void> revokeGrant(String accountId, String grantId, Reason reason) {
        return counted(tokens.revokeGrant(accountId, grantId), reason);
    }

    /**
     * Revokes every token of the grant, then answers invalid_grant (RFC 6749 §5.2): what the server does whenever a
     * grant turns out to be void or compromised (an expired, reused or leaked refresh token, a replayed code, a removed
     * consent). A failed revocation fails instead (503), so the client's retry meets the same check again.
     */
    public <T> Uni<T> revokeGrantAndRefuse(String accountId, String grantId, Reason reason, String description) {
        return revokeGrantAndRefuse(accountId, grantId, reason, description, () -> {});
    }

    /** As above; {@code onRevoked} (an audit event) runs once the grant is revoked, before the answer. */
    public <T> Uni<T> revokeGrantAndRefuse(
            String accountId, String grantId, Reason reason, String description, Runnable onRevoked) {
        return revokeGrant(accountId, grantId, reason)
                .invoke(onRevoked)
                .chain(() -> Uni.createFrom().failure(OAuthException.invalidGrant(description)));
    }

    public Uni<Void> revokeAccessToken(String accessToken, Reason reason) {
        return counted(tokens.revokeAccessToken(accessToken), reason);
    }

    /** Revokes every grant an account gave a client. */
    public Uni<Void> revokeApp(String accountId, String clientId, Reason reason) {
        return counted(tokens.revokeApp(accountId, clientId), reason);
    }

    /** Ends a browser session (sign-out). */
    public Uni<Void> endSession(String sessionCookie) {
        return counted(sessions.delete(sessionCookie), Reason.LOGOUT);
    }

    private Uni<Void> counted(Uni<Void> revocation, Reason reason) {
        return revocation.invoke(() -> counters.get(reason).increment());
    }
}
