package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Authorization requests in progress (between /oauth/authorize and the code). */
public interface PendingRequestStore {

    Uni<Void> save(PendingRequest request);

    Uni<PendingRequest> findPending(String id);

    /** Reads and deletes in one step, so a request completes once. */
    Uni<PendingRequest> take(String id);
}
