package dev.pressroom.auth.password;

import dev.pressroom.auth.jni.BundledLibraries;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Argon2id by the reference C (phc-winner-argon2, the PHC winner's code) bundled as a JNI library, its memory filling
 * with AVX-512F or AVX2 where the CPU has them, else portable C.
 *
 * <p>The reference would allocate a hash's memory and fault its pages in every time; instead a hash fills a work
 * area taken from a bounded pool of at most {@code areas} areas (one per hashing thread: more hashes at once would
 * not finish sooner), mmap'd outside the heap on first use and kept. A hash beyond that waits for an area, so the
 * memory in flight stays at {@code areas} × the area's size. A hash with larger, older parameters gets memory of its
 * own for that hash, freed right after. The reference wipes the memory before it returns.
 *
 * <p>An area left unused for a while gives its pages back ({@link #releaseIdleMemory}), so a replica holds the areas'
 * memory while sign-ins come and not after; its next hash faults the pages in again, as the first one did.
 */
final class ReferenceArgon2id implements Argon2id {

    private static final int BLOCK_BYTES = 1024;
    /**
     * Unmaps an area once nothing can reach it (a pool that is dropped, as tests do); a kept pool's areas live on. In a
     * holder initialised at run time (native-image.properties): a Cleaner made while Quarkus builds a native image
     * would carry a thread that no longer runs in the executable, and native-image refuses it.
     */
    private static final class Unmapper {
        static final Cleaner CLEANER = Cleaner.create();
    }

    private final NativeArgon2.Ceiling ceiling;
    private final ArrayBlockingQueue<Area> free;
    private final AtomicInteger made = new AtomicInteger();
    private final AtomicInteger resident = new AtomicInteger();
    private final int areas;
    private final long areaBytes;

    private ReferenceArgon2id(int areas, int areaKib, NativeArgon2.Ceiling ceiling) {
        if (areas < 1 || areaKib < 8) {
            throw new IllegalArgumentException("at least one work area of at least 8 KiB required");
        }
        this.ceiling = ceiling;
        this.areas = areas;
        this.areaBytes = (long) areaKib * BLOCK_BYTES;
        this.free = new ArrayBlockingQueue<>(areas);
    }

    /**
     * Loads the library from the application.
     *
     * @param areas at most this many hashes at once, each in a kept area of {@code areaKib} KiB
     * @throws IllegalStateException when it cannot be loaded
     */
    static ReferenceArgon2id load(int areas, int areaKib) {
        return load(NativeArgon2.resource(), areas, areaKib, NativeArgon2.Ceiling.ANY);
    }

    /** @param ceiling the most the C code may use (tests force the slower code to cover it on any machine) */
    static ReferenceArgon2id load(String resource, int areas, int areaKib, NativeArgon2.Ceiling ceiling) {
        BundledLibraries.load(resource);
        return new ReferenceArgon2id(areas, areaKib, ceiling);
    }

    @Override
    public byte[] hash(
            byte[] password, byte[] salt, byte[] key, byte[] ad, int memoryKib, int passes, int lanes, int tagLength) {
        // C would crash the JVM on a null array: refuse it here.
        if (password == null || salt == null || key == null || ad == null || tagLength < 0) {
            throw new IllegalArgumentException(
                    "password, salt, key and data must be arrays (empty for none), the tag " + "length not negative");
        }
        byte[] tag = new byte[tagLength];
        Area area = take();
        if (!area.resident) {
            area.resident = true;
            resident.incrementAndGet();
        }
        int result;
        try {
            result = NativeArgon2.hash(
                    area.address(), areaBytes, password, salt, key, ad, memoryKib, passes, lanes, ceiling.code, tag);
        } finally {
            // The area must not be unmapped while C fills it, however early the JIT drops it.
            Reference.reachabilityFence(area);
            area.givenBack = System.nanoTime();
            free.add(area);
        }
        if (result == NativeArgon2.MEMORY_ALLOCATION_ERROR) {
            throw new IllegalStateException("no memory for an Argon2 hash of " + memoryKib + " KiB");
        }
        if (result != 0) {
            throw new IllegalArgumentException("Argon2 refused m=" + memoryKib + " t=" + passes + " p=" + lanes
                    + " tag=" + tagLength + ": " + NativeArgon2.errorMessage(result));
        }
        return tag;
    }

    /**
     * Gives back the pages of the areas no hash has used for {@code idle}. Hashes that find no free area meanwhile
     * wait the few microseconds it takes.
     */
    @Override
    public int releaseIdleMemory(Duration idle) {
        List<Area> idleOrNot = new ArrayList<>(areas);
        free.drainTo(idleOrNot);
        int released = 0;
        try {
            long now = System.nanoTime();
            for (Area area : idleOrNot) {
                if (area.resident && now - area.givenBack >= idle.toNanos()) {
                    NativeArgon2.discard(area.address(), areaBytes);
                    area.resident = false;
                    resident.decrementAndGet();
                    released++;
                }
            }
        } finally {
            free.addAll(idleOrNot);
        }
        return released;
    }

    @Override
    public int residentAreas() {
        return resident.get();
    }

    @Override
    public String description() {
        return "Argon2id by the reference C (" + NativeArgon2.fastestPath(ceiling.code) + ")";
    }

    private Area take() {
        Area area = free.poll();
        if (area != null) {
            return area;
        }
        if (made.getAndUpdate(n -> n < areas ? n + 1 : n) < areas) {
            try {
                return new Area(areaBytes);
            } catch (RuntimeException e) {
                // No area was made: the slot stays free, or later hashes would wait for an area that never comes.
                made.decrementAndGet();
                throw e;
            }
        }
        try {
            return free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for an Argon2 work area", e);
        }
    }

    /**
     * One hash's memory, mmap'd once; never shared: a hash takes it from the pool and gives it back when done (the
     * pool's queue orders what each thread does with the fields).
     */
    private static final class Area {

        private final long address;
        /** Whether its pages may be in memory: a hash has used it since it was last discarded. */
        private boolean resident;
        /** When the last hash gave it back (System.nanoTime). */
        private long givenBack;

        Area(long bytes) {
            this.address = NativeArgon2.allocate(bytes);
            if (address == 0) {
                throw new IllegalStateException("no memory for a " + bytes / BLOCK_BYTES + " KiB Argon2 work area");
            }
            Unmapper.CLEANER.register(this, new Unmap(address, bytes));
        }

        long address() {
            return address;
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
