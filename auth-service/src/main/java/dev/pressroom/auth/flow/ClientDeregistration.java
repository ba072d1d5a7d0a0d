package dev.pressroom.auth.flow;

import dev.pressroom.auth.account.ConsentStore;
import dev.pressroom.auth.audit.AuditEvent;
import dev.pressroom.auth.audit.AuditEventType;
import dev.pressroom.auth.audit.AuditLog;
import dev.pressroom.auth.audit.Origin;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.grant.Revocations;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/**
 * A registered client deletes itself (RFC 7592 §2.3): the client and every consent given to it go in one
 * transaction, then, account by account, the authorization's copy of the consent is marked removed and every code,
 * access token and refresh chain of it is revoked, as Remove on Connected apps does for one person. Once the client is gone nothing new is minted for it (the token endpoint no
 * longer knows it), so revoking afterwards leaves nothing behind.
 */
@ApplicationScoped
public class ClientDeregistration {

    /** Accounts revoked at once: a client with many people must not flood Redis. */
    private static final int CONCURRENT_REVOCATIONS = 8;

    private final ClientService clients;
    private final ConsentStore consents;
    private final Revocations revocations;
    private final AuditLog audit;

    public ClientDeregistration(ClientService clients, ConsentStore consents, Revocations revocations, AuditLog audit) {
        this.clients = clients;
        this.consents = consents;
        this.revocations = revocations;
        this.audit = audit;
    }

    public Uni<Void> deregister(String clientId, String registrationToken, Origin origin) {
        return clients.deleteRegistration(clientId, registrationToken)
                .invoke(accountIds -> audit.record(AuditEvent.of(AuditEventType.CLIENT_DELETED, null, clientId, origin)
                        .with("consents_removed", accountIds.size())))
                .chain(accountIds -> revokeEveryGrant(clientId, accountIds));
    }

    private Uni<Void> revokeEveryGrant(String clientId, List<String> accountIds) {
        return Multi.createFrom()
                .iterable(accountIds)
                .onItem()
                .transformToUni(accountId -> consents.removed(UUID.fromString(accountId), clientId)
                        .chain(() -> revocations.revokeApp(accountId, clientId, Revocations.Reason.CLIENT_DELETED)))
                .merge(CONCURRENT_REVOCATIONS)
                .collect()
                .last()
                .replaceWithVoid();
    }
}
