package dev.pressroom.auth.logout;

import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.store.SessionStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * Staff end every browser session of an account (as Keycloak's {@code POST /users/{id}/logout}): the person must sign
 * in again everywhere, and every client any of those sessions signed in to hears of it by back-channel logout. Tokens
 * already issued are not revoked: refresh tokens exist only with offline_access, which outlives a logout (§2.7).
 */
@ApplicationScoped
public class StaffSignOut {

    private final AccountService accounts;
    private final SessionStore sessions;
    private final BackchannelLogout backchannel;
    private final AuditLog audit;

    public StaffSignOut(AccountService accounts, SessionStore sessions, BackchannelLogout backchannel, AuditLog audit) {
        this.accounts = accounts;
        this.sessions = sessions;
        this.backchannel = backchannel;
        this.audit = audit;
    }

    /** False, changing nothing, when there is no such account. */
    public Uni<Boolean> endEverySession(UUID accountId, Origin origin) {
        return accounts.find(accountId)
                .chain(account -> account == null
                        ? Uni.createFrom().item(false)
                        : sessions.endAllOf(accountId.toString())
                                .invoke(ended -> audit.record(
                                        AuditEvent.of(AuditEventType.SESSIONS_ENDED, accountId, null, origin)
                                                .with("sessions", ended.size())))
                                .chain(() -> backchannel.accountSignedOut(accountId.toString()))
                                .replaceWith(true));
    }
}
