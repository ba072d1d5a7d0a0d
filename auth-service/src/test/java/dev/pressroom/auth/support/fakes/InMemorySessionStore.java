package dev.pressroom.auth.support.fakes;

import dev.pressroom.auth.store.Session;
import dev.pressroom.auth.store.SessionStore;
import io.smallrye.mutiny.Uni;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** SessionStore in a map, by cookie value. */
public final class InMemorySessionStore implements SessionStore {

    private final Map<String, Session> sessions = new HashMap<>();

    @Override
    public synchronized Uni<Void> save(String cookieValue, Session session) {
        sessions.put(cookieValue, session);
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<Session> find(String cookieValue) {
        return Uni.createFrom().item(SessionStore.wellFormed(cookieValue) ? sessions.get(cookieValue) : null);
    }

    @Override
    public Uni<WithConsent> findWithConsent(String cookieValue, String clientId) {
        return find(cookieValue).map(session -> new WithConsent(session, null));
    }

    @Override
    public synchronized Uni<Void> delete(String cookieValue) {
        sessions.remove(cookieValue);
        return Uni.createFrom().voidItem();
    }

    @Override
    public synchronized Uni<List<Session>> endSignedInWith(String passkeyId) {
        return Uni.createFrom().item(endAll(s -> passkeyId.equals(s.passkeyId())));
    }

    @Override
    public synchronized Uni<List<Session>> endAllOf(String accountId) {
        return Uni.createFrom().item(endAll(s -> accountId.equals(s.accountId())));
    }

    private List<Session> endAll(Predicate<Session> which) {
        List<Session> ended = sessions.values().stream().filter(which).toList();
        sessions.values().removeIf(which);
        return ended;
    }
}
