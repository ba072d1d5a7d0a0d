package dev.pressroom.auth.token;

import dev.pressroom.auth.jni.BundledLibraries;

/**
 * The JNI functions of libpressroom_rs256.so (src/main/c), built into the jar under native/linux-{arch}/.
 * They never call back into Java nor throw: failures come back as 0 or null (so the native image needs no JNI
 * registration), and the callers throw.
 */
final class OpenSsl {

    static final String LIBRARY = "libpressroom_rs256.so";

    private OpenSsl() {}

    /** The library's path inside the application for this machine, e.g. native/linux-x86_64/libpressroom_rs256.so. */
    static String resource() {
        return BundledLibraries.resource(LIBRARY);
    }

    /** An EVP_PKEY handle for a PKCS#8 DER RSA private key, or 0 when it is not one. */
    static native long loadKey(byte[] pkcs8);

    /** The SHA-256 PKCS#1 v1.5 signature of data, or null on any error. */
    static native byte[] sign(long key, byte[] data);

    static native void freeKey(long key);

    /** OpenSSL_version(OPENSSL_VERSION) of the libcrypto in use. */
    static native String version();
}
