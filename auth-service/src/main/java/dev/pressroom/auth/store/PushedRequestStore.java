package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Pushed authorization requests (RFC 9126), each found by its request_uri and used once. */
public interface PushedRequestStore {

    Uni<Void> save(String requestUri, PushedRequest request, long ttlSeconds);

    /** Reads and deletes in one step (RFC 9126 §4: one-time use); null when unknown, expired or used. */
    Uni<PushedRequest> takePushed(String requestUri);
}
