package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Browser sessions by cookie value (stored hashed). */
public interface SessionStore {

    Uni<Void> save(String cookieValue, Session session);

    Uni<Session> find(String cookieValue);

    Uni<Void> delete(String cookieValue);
}
