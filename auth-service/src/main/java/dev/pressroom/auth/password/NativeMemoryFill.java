package dev.pressroom.auth.password;

import dev.pressroom.auth.jni.BundledLibraries;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;

/**
 * Argon2id's memory filling by the bundled C library: 2-3 times faster than {@link JavaMemoryFill} (AVX-512VL or
 * AVX2 where the CPU has them, else portable C), same blocks. Areas are mmap'd outside the heap once and reused by
 * {@link Argon2id}'s pool, so a hash neither allocates nor page-faults; the C code wipes an area before it returns.
 */
final class NativeMemoryFill implements MemoryFill {

    private static final int BLOCK_BYTES = 1024;
    /** Unmaps an area once nothing can reach it (a pool that is dropped, as tests do); a kept pool's areas live on. */
    private static final Cleaner UNMAP = Cleaner.create();

    private final NativeArgon2.Ceiling ceiling;

    private NativeMemoryFill(NativeArgon2.Ceiling ceiling) {
        this.ceiling = ceiling;
    }

    /** Loads the library from the application. @throws IllegalStateException when it cannot be loaded */
    static NativeMemoryFill load() {
        return load(NativeArgon2.resource(), NativeArgon2.Ceiling.ANY);
    }

    /** @param ceiling the most the C code may use (tests force the slower code to cover it on any machine) */
    static NativeMemoryFill load(String resource, NativeArgon2.Ceiling ceiling) {
        BundledLibraries.load(resource);
        return new NativeMemoryFill(ceiling);
    }

    @Override
    public Area area(int blocks) {
        return new NativeArea(blocks);
    }

    @Override
    public String description() {
        return "native code (" + NativeArgon2.fastestPath(ceiling.ordinal()) + ")";
    }

    private final class NativeArea implements Area {

        private final int blocks;
        private final long address;
        private final Cleaner.Cleanable unmap;

        NativeArea(int blocks) {
            long bytes = (long) blocks * BLOCK_BYTES;
            this.blocks = blocks;
            this.address = NativeArgon2.allocate(bytes);
            if (address == 0) {
                throw new IllegalStateException("no memory for a " + blocks + " KiB Argon2 work area");
            }
            this.unmap = UNMAP.register(this, new Unmap(address, bytes));
        }

        @Override
        public int blocks() {
            return blocks;
        }

        @Override
        public long[] fill(long[] firstBlocks, int lanes, int laneLength, int passes) {
            long[] last = new long[128];
            try {
                if (NativeArgon2.fill(address, firstBlocks, lanes, laneLength, passes, ceiling.ordinal(), last) != 0) {
                    throw new IllegalStateException("native Argon2 refused lanes=" + lanes + " laneLength=" + laneLength);
                }
                return last;
            } finally {
                // The area must not be unmapped while C fills it, however early the JIT drops `this`.
                Reference.reachabilityFence(this);
            }
        }

        @Override
        public void free() {
            unmap.clean();
        }
    }

    /** Not a lambda over the area: the cleaning action must not keep it reachable. */
    private record Unmap(long address, long bytes) implements Runnable {
        @Override
        public void run() {
            NativeArgon2.release(address, bytes);
        }
    }
}
