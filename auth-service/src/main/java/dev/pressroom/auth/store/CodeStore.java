package dev.pressroom.auth.store;

import io.smallrye.mutiny.Uni;

/** Authorization codes: stored hashed, consumed at most once. */
public interface CodeStore {

    Uni<Void> save(String code, AuthorizationCode data);

    /** What presenting a code with a binding did; {@code mismatch} names the part of the binding that differs. */
    record Presented(Outcome<AuthorizationCode> outcome, String mismatch) {}

    /**
     * Atomically checks the code's binding (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 9449 §10) and marks the code used.
     * A binding that differs leaves the code as it was; a second use with the binding intact answers REUSED with its
     * data.
     *
     * @param challenge the S256 challenge of the presented code_verifier
     * @param dpopJkt the thumbprint of the token request's DPoP proof, null without one
     */
    Uni<Presented> consume(String code, String clientId, String redirectUri, String challenge, String dpopJkt);
}
