package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** What DPoP keeps in Redis: the proofs already used (RFC 9449 §11.1) and the key its nonces are made with (§8). */
public interface DpopStore {

    /** What {@link #use} found. */
    enum ProofUse {
        /** Recorded: the proof was not seen before. */
        FIRST,
        /** Seen before within its lifetime: a replay. */
        REPLAYED,
        /** The key already has as many proofs recorded as allowed; nothing recorded. */
        FULL
    }

    /**
     * Records proof {@code jti} of the key with thumbprint {@code jkt} until {@code expiresAt} (epoch seconds), unless
     * it was recorded already or the key has {@code maxPerKey} proofs recorded that have not expired.
     */
    Uni<ProofUse> use(String jkt, String jti, long expiresAt, int maxPerKey);

    /** The key every replica makes nonces with: the first replica to ask creates it. */
    Uni<byte[]> nonceKey();
}
