package dev.pressroom.auth.password;

import dev.pressroom.auth.jni.BundledLibraries;

/**
 * The JNI functions of libpressroom_argon2.so (src/main/c/pressroom_argon2.c), built into the jar under
 * native/linux-{arch}/. They never call back into Java nor throw: failures come back as 0 or -1 (so the native image
 * needs no JNI registration), and the callers throw.
 */
final class NativeArgon2 {

    static final String LIBRARY = "libpressroom_argon2.so";

    private NativeArgon2() {
    }

    /** The library's path inside the application for this machine. */
    static String resource() {
        return BundledLibraries.resource(LIBRARY);
    }

    /** @return the address of a new zeroed, page-aligned area of {@code bytes} (mmap), or 0 when there is no memory */
    static native long allocate(long bytes);

    static native void release(long address, long bytes);

    /** The most {@link #fill} may use: what the CPU has, AVX2 at most, portable C (the tests force each). */
    enum Ceiling {
        ANY, AVX2, PORTABLE
    }

    /** @return "AVX-512VL", "AVX2" or "portable C": what {@link #fill} uses under the ceiling (its ordinal) */
    static native String fastestPath(int ceiling);

    /**
     * {@link MemoryFill.Area#fill} on the area at {@code address} (at least lanes × laneLength KiB), wiping it
     * afterwards, with the fastest compression function the CPU has under the {@link Ceiling} (its ordinal).
     *
     * @return 0, or -1 for arguments out of range (the last block is then not written)
     */
    static native int fill(long address, long[] firstBlocks, int lanes, int laneLength, int passes, int ceiling,
            long[] lastBlock);
}
