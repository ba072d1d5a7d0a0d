package dev.pressroom.auth.token;

import dev.pressroom.auth.keys.SigningKey;

/**
 * The signature step of RS256 (RFC 7518 §3.3): RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2). The scheme is
 * deterministic, so every implementation gives byte-identical signatures for the same key and input.
 */
public interface RsaSigner extends AutoCloseable {

    /** "openssl" or "jdk", as AUTH_SIGNER names them. */
    String name();

    byte[] sign(SigningKey key, byte[] input);

    /** Releases whatever the signer holds outside the Java heap. */
    @Override
    void close();
}
