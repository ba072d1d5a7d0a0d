package dev.pressroom.auth.dpop;

/**
 * A DPoP proof that passed every check of RFC 9449 §4.3 but the replay check: the JWK SHA-256 thumbprint of its key
 * (RFC 7638, the {@code cnf.jkt} of RFC 9449 §6.1) and its {@code jti}, which the caller records as used.
 */
public record DpopProof(String jkt, String jti) {}
