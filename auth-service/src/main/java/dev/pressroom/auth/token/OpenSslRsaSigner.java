package dev.pressroom.auth.token;

import dev.pressroom.auth.jni.BundledLibraries;
import dev.pressroom.auth.keys.SigningKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * SHA256withRSA by OpenSSL's libcrypto (about four times faster than the JDK's BigInteger RSA). Each signing key is
 * parsed once into an EVP_PKEY that every thread shares; the private key never leaves the process.
 */
final class OpenSslRsaSigner implements RsaSigner {

    private final ConcurrentMap<String, NativeKey> keys = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private OpenSslRsaSigner() {}

    /** Loads the library from the application. @throws IllegalStateException when it cannot be loaded */
    static OpenSslRsaSigner load() {
        return load(OpenSsl.resource());
    }

    static OpenSslRsaSigner load(String resource) {
        BundledLibraries.load(resource);
        return new OpenSslRsaSigner();
    }

    /** The libcrypto in use, e.g. "OpenSSL 3.0.19 27 Jan 2026". */
    String version() {
        return OpenSsl.version();
    }

    @Override
    public String name() {
        return "openssl";
    }

    @Override
    public byte[] sign(SigningKey key, byte[] input) {
        while (true) {
            byte[] signature = nativeKey(key).sign(input);
            if (signature != null) {
                return signature;
            }
            // The handle was replaced (the kid's file changed) between the lookup and the signature: look again.
        }
    }

    /** Frees every key (OpenSSL wipes the private components); signing afterwards fails. */
    @Override
    public void close() {
        closed = true;
        keys.values().forEach(NativeKey::free);
        keys.clear();
    }

    private NativeKey nativeKey(SigningKey key) {
        if (closed) {
            throw new IllegalStateException("the OpenSSL signer is closed");
        }
        NativeKey current = keys.get(key.kid());
        if (current != null && current.isFor(key.privateKey())) {
            return current;
        }
        return keys.compute(key.kid(), (kid, old) -> {
            if (old != null && old.isFor(key.privateKey())) {
                return old;
            }
            if (old != null) {
                old.free();
            }
            return NativeKey.parse(key);
        });
    }

    /** One EVP_PKEY; the lock keeps it from being freed while a thread signs with it. */
    private static final class NativeKey {

        private final ReadWriteLock lock = new ReentrantReadWriteLock();
        private final String kid;
        /** The key it was parsed from. SigningKeys re-reads the files every 30 s into new, equal objects. */
        private volatile PrivateKey source;

        private long handle;

        private NativeKey(String kid, PrivateKey source, long handle) {
            this.kid = kid;
            this.source = source;
            this.handle = handle;
        }

        static NativeKey parse(SigningKey key) {
            byte[] pkcs8 = key.privateKey().getEncoded();
            long handle;
            try {
                handle = OpenSsl.loadKey(pkcs8);
            } finally {
                Arrays.fill(pkcs8, (byte) 0);
            }
            if (handle == 0) {
                throw new IllegalStateException("OpenSSL cannot read key " + key.kid());
            }
            NativeKey parsed = new NativeKey(key.kid(), key.privateKey(), handle);
            parsed.checkAgainst(key);
            return parsed;
        }

        /** PKCS#8 equality (constant time in the JDK), with a reference check first. */
        boolean isFor(PrivateKey privateKey) {
            if (source == privateKey) {
                return true;
            }
            if (source.equals(privateKey)) {
                source = privateKey;
                return true;
            }
            return false;
        }

        /** @return the signature, or null when this key has been freed */
        byte[] sign(byte[] input) {
            lock.readLock().lock();
            try {
                if (handle == 0) {
                    return null;
                }
                byte[] signature = OpenSsl.sign(handle, input);
                if (signature == null) {
                    throw new IllegalStateException("OpenSSL could not sign with key " + kid);
                }
                return signature;
            } finally {
                lock.readLock().unlock();
            }
        }

        void free() {
            lock.writeLock().lock();
            try {
                if (handle != 0) {
                    OpenSsl.freeKey(handle);
                    handle = 0;
                }
            } finally {
                lock.writeLock().unlock();
            }
        }

        /** A key is used only once the JDK verifies a signature it made with the matching public key. */
        private void checkAgainst(SigningKey key) {
            byte[] probe = ("pressroom rs256 self-check " + kid).getBytes(StandardCharsets.US_ASCII);
            boolean valid;
            try {
                Signature verifier = Signature.getInstance("SHA256withRSA");
                verifier.initVerify(key.publicKey());
                verifier.update(probe);
                valid = verifier.verify(sign(probe));
            } catch (GeneralSecurityException | RuntimeException e) {
                free();
                throw new IllegalStateException("cannot check the OpenSSL signature of key " + kid, e);
            }
            if (!valid) {
                free();
                throw new IllegalStateException("OpenSSL's signature with key " + kid + " does not verify");
            }
        }
    }
}
