package dev.pressroom.auth.token;

import dev.pressroom.auth.keys.SigningKey;
import java.security.GeneralSecurityException;
import java.security.Signature;

/** SHA256withRSA of the JDK: always available, the fallback when the OpenSSL library does not load. */
final class JdkRsaSigner implements RsaSigner {

    /** A Signature is stateful: each thread keeps one rather than looking up the provider for every token. */
    private final ThreadLocal<Signature> signature = ThreadLocal.withInitial(JdkRsaSigner::newSignature);

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public byte[] sign(SigningKey key, byte[] input) {
        try {
            Signature s = signature.get();
            s.initSign(key.privateKey());
            s.update(input);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign with key " + key.kid(), e);
        }
    }

    @Override
    public void close() {
        // nothing outside the heap
    }

    private static Signature newSignature() {
        try {
            return Signature.getInstance("SHA256withRSA");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA256withRSA is required of every JVM", e);
        }
    }
}
