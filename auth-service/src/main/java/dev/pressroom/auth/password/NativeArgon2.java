package dev.pressroom.auth.password;

import dev.pressroom.auth.jni.BundledLibraries;

/**
 * The JNI functions of libpressroom_argon2.so (src/main/c/pressroom_argon2.c over the vendored reference C,
 * src/main/c/phc-winner-argon2/), built into the jar under native/linux-{arch}/. They never call back into Java nor
 * throw: failures come back as 0 or the reference's error codes (so the native image needs no JNI registration),
 * and the callers throw.
 */
final class NativeArgon2 {

    static final String LIBRARY = "libpressroom_argon2.so";
    /** ARGON2_MEMORY_ALLOCATION_ERROR of argon2.h: no memory, not a bad argument. */
    static final int MEMORY_ALLOCATION_ERROR = -22;

    private NativeArgon2() {}

    /** The library's path inside the application for this machine. */
    static String resource() {
        return BundledLibraries.resource(LIBRARY);
    }

    /** The address of a new zeroed, page-aligned area of {@code bytes} (mmap), or 0 when there is no memory. */
    static native long allocate(long bytes);

    static native void release(long address, long bytes);

    /** Gives the pages of an area back to the system (madvise DONTNEED): it stays mapped and reads as zeros. */
    static native void discard(long address, long bytes);

    /** The most {@link #hash} may use: what the CPU has, AVX2 at most, portable C (the tests force each). */
    enum Ceiling {
        ANY(0),
        AVX2(1),
        PORTABLE(2);

        /** The number the C side reads (enum ceiling in pressroom_argon2.c). */
        final int code;

        Ceiling(int code) {
            this.code = code;
        }
    }

    /** "AVX-512F", "AVX2" or "portable C": the memory filling {@link #hash} uses under the ceiling (its code). */
    static native String fastestPath(int ceiling);

    /** The reference's sentence for one of its error codes. */
    static native String errorMessage(int code);

    /**
     * Argon2id version 0x13 by the reference's argon2_ctx on the calling thread, its memory in the area at
     * {@code area} when {@code areaBytes} hold it (else allocated for this hash), wiped before it returns.
     *
     * @param tag receives the tag, its length the tag's
     * @return 0 (ARGON2_OK), or the reference's error code (the tag is then not written)
     */
    static native int hash(
            long area,
            long areaBytes,
            byte[] password,
            byte[] salt,
            byte[] key,
            byte[] ad,
            int memoryKib,
            int passes,
            int lanes,
            int ceiling,
            byte[] tag);
}
