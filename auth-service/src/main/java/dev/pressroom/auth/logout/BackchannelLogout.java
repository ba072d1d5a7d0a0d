package dev.pressroom.auth.logout;

import dev.pressroom.auth.client.Client;
import dev.pressroom.auth.client.ClientService;
import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.store.SessionClients;
import dev.pressroom.auth.token.LogoutTokenGenerator;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * OpenID Connect Back-Channel Logout 1.0: when a session ends (RP-initiated logout, the account page's sign-out, the
 * removal of the passkey it signed in with, staff ending the account's sessions) or a person removes an app, each
 * client concerned that registered a backchannel_logout_uri is queued a logout token (§2.5); {@link BackchannelDeliveries} posts it later. Queuing is the only work on the request path, and a failure
 * to queue never fails the sign-out: it is logged and the person is signed out here regardless.
 */
@ApplicationScoped
public class BackchannelLogout {

    private static final Logger LOG = Logger.getLogger(BackchannelLogout.class);

    private final SessionClients sessionClients;
    private final ClientService clients;
    private final LogoutTokenGenerator tokens;
    private final BackchannelDeliveries deliveries;

    public BackchannelLogout(
            SessionClients sessionClients,
            ClientService clients,
            LogoutTokenGenerator tokens,
            BackchannelDeliveries deliveries) {
        this.sessionClients = sessionClients;
        this.clients = clients;
        this.tokens = tokens;
        this.deliveries = deliveries;
    }

    /** §2.3: every client the session was given a code for hears of its end, by sub and sid. */
    public Uni<Void> sessionEnded(Session session) {
        return sessionClients
                .takeClientsOf(session.accountId(), session.sid())
                .chain(clientIds -> Multi.createFrom()
                        .iterable(clientIds)
                        .onItem()
                        .transformToUniAndConcatenate(
                                id -> notify(id, session.accountId(), List.of(session.sid()), false))
                        .collect()
                        .last())
                .replaceWithVoid()
                .onFailure()
                .recoverWithUni(this::notQueued);
    }

    /** Sessions ended together (their passkey was removed): each is told as if signed out alone. */
    public Uni<Void> sessionsEnded(List<Session> sessions) {
        return Multi.createFrom()
                .iterable(sessions)
                .onItem()
                .transformToUniAndConcatenate(this::sessionEnded)
                .collect()
                .last()
                .replaceWithVoid();
    }

    /**
     * Staff ended every session of the account: each client any live session was given a code for hears of it, by
     * sub alone (§2.4), or one token per session when the client requires sid.
     */
    public Uni<Void> accountSignedOut(String accountId) {
        return sessionClients
                .takeAll(accountId)
                .chain(sidsByClient -> Multi.createFrom()
                        .iterable(sidsByClient.entrySet())
                        .onItem()
                        .transformToUniAndConcatenate(e -> notify(e.getKey(), accountId, e.getValue(), true))
                        .collect()
                        .last())
                .replaceWithVoid()
                .onFailure()
                .recoverWithUni(this::notQueued);
    }

    /**
     * The person removed the app: every session of theirs at the client ends. By sub alone (§2.4: the client logs out
     * all of that person's sessions), or one token per session when the client requires sid.
     */
    public Uni<Void> appRemoved(String accountId, String clientId) {
        return sessionClients
                .takeSessionsWith(accountId, clientId)
                .chain(sids -> notify(clientId, accountId, sids, true))
                .onFailure()
                .recoverWithUni(this::notQueued);
    }

    /** @param wholeAccount every session of the account at the client ends, not only those {@code sids} name */
    private Uni<Void> notify(String clientId, String accountId, List<String> sids, boolean wholeAccount) {
        return clients.find(clientId).chain(client -> {
            if (client == null || client.backchannelLogoutUri() == null) {
                return Uni.createFrom().voidItem();
            }
            List<String> logoutTokens = wholeAccount && !client.backchannelLogoutSessionRequired()
                    ? List.of(token(client, accountId, null))
                    : sids.stream().map(sid -> token(client, accountId, sid)).toList();
            return Multi.createFrom()
                    .iterable(logoutTokens)
                    .onItem()
                    .transformToUniAndConcatenate(t -> deliveries
                            .enqueue(client.backchannelLogoutUri(), t)
                            .invoke(queued -> {
                                if (!queued) {
                                    LOG.warnf("Back-channel logout queue full: no logout token for %s", clientId);
                                }
                            }))
                    .collect()
                    .last()
                    .replaceWithVoid();
        });
    }

    private String token(Client client, String accountId, String sid) {
        return tokens.generate(client.id(), client.idTokenSignedResponseAlg(), accountId, sid);
    }

    private Uni<Void> notQueued(Throwable failure) {
        LOG.warnf("Back-channel logout not queued: %s", failure.getClass().getSimpleName());
        return Uni.createFrom().voidItem();
    }
}
