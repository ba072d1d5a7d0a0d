package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Authorization codes: stored hashed, consumed at most once. */
public interface CodeStore {

    Uni<Void> save(String code, AuthorizationCode data);

    /** What the code stands for, used or not (null when unknown or expired); reading does not consume it. */
    Uni<AuthorizationCode> findCode(String code);

    /** Atomically marks the code used; a second call for the same code answers REUSED with its data. */
    Uni<Outcome<AuthorizationCode>> consume(String code);
}
