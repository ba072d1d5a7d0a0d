package dev.pressroom.auth.flow;

import dev.pressroom.auth.account.Account;
import dev.pressroom.auth.account.AccountService;
import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.AuditRepository;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.error.ErrorPageException;
import dev.pressroom.auth.grant.Revocations;
import dev.pressroom.auth.logout.BackchannelLogout;
import dev.pressroom.auth.page.Problem;
import dev.pressroom.auth.passkey.Passkey;
import dev.pressroom.auth.passkey.PasskeyStore;
import dev.pressroom.auth.store.Session;
import dev.pressroom.kernel.id.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/**
 * The signed-in person's home: their passkeys, the apps they granted, their recent activity, and removing an app (every grant revoked
 * at once).
 */
@ApplicationScoped
public class ConnectedApps {

    private final AccountService accounts;
    private final ConsentStore consents;
    private final Revocations revocations;
    private final AuditLog audit;
    private final AuditRepository events;
    private final PasskeyStore passkeys;
    private final BackchannelLogout backchannel;

    public ConnectedApps(
            AccountService accounts,
            ConsentStore consents,
            Revocations revocations,
            AuditLog audit,
            AuditRepository events,
            PasskeyStore passkeys,
            BackchannelLogout backchannel) {
        this.accounts = accounts;
        this.consents = consents;
        this.revocations = revocations;
        this.audit = audit;
        this.events = events;
        this.passkeys = passkeys;
        this.backchannel = backchannel;
    }

    /** What a person cares to see of their own audit events: sign-ins and what they allowed or removed. */
    private static final List<AuditEventType> ACTIVITY = List.of(
            AuditEventType.SIGN_IN,
            AuditEventType.SIGN_IN_FAILED,
            AuditEventType.ACCOUNT_LOCKED,
            AuditEventType.PASSKEY_ADDED,
            AuditEventType.PASSKEY_REMOVED,
            AuditEventType.CONSENT_GIVEN,
            AuditEventType.CONSENT_REMOVED,
            AuditEventType.APP_REMOVED);

    static final int ACTIVITY_SHOWN = 10;

    public record Home(
            Account account,
            List<Passkey> passkeys,
            List<ConsentStore.ConnectedApp> apps,
            List<AuditRepository.StoredEvent> activity) {}

    public Uni<Home> home(Session session) {
        UUID id = UUID.fromString(session.accountId());
        return Uni.combine()
                .all()
                .unis(
                        accounts.find(id),
                        passkeys.list(id),
                        consents.connectedApps(id),
                        events.recent(id, ACTIVITY, ACTIVITY_SHOWN))
                .asTuple()
                .map(found -> new Home(found.getItem1(), found.getItem2(), found.getItem3(), found.getItem4()));
    }

    /**
     * Consent first, then the tokens: once the consent is gone no new code is issued without asking and no token of
     * the app refreshes (TokenIssuer checks the consent), and the revocation then removes every code, access token
     * and refresh chain already issued. Last, the app is told over the back channel, if it asked to be.
     */
    public Uni<Void> remove(Session session, String clientId, String formCsrf, String cookieCsrf, Origin origin) {
        if (formCsrf == null
                || !Tokens.constantTimeEquals(formCsrf, cookieCsrf)
                || clientId == null
                || clientId.length() > 64) {
            return Uni.createFrom().failure(ErrorPageException.badRequest(Problem.FORM_EXPIRED));
        }
        UUID accountId = UUID.fromString(session.accountId());
        return consents.remove(accountId, clientId)
                .invoke(scopes -> {
                    if (scopes != null) {
                        audit.record(AuditEvent.of(AuditEventType.CONSENT_REMOVED, accountId, clientId, origin)
                                .with("scopes", scopes));
                    }
                })
                .chain(() -> revocations.revokeApp(session.accountId(), clientId, Revocations.Reason.CONNECTED_APPS))
                .invoke(() -> audit.record(AuditEvent.of(AuditEventType.APP_REMOVED, accountId, clientId, origin)))
                .chain(() -> backchannel.appRemoved(session.accountId(), clientId));
    }
}
