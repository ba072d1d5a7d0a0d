package dev.pressroom.auth.password;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Argon2id, version 0x13 (RFC 9106), whose memory is reused instead of allocated for each hash: Bouncy Castle's
 * generator allocates one {@code long[128]} object per KiB, so every hash left megabytes of garbage behind and the
 * collections cost a sign-in about half as much as the hash itself.
 *
 * <p>H0, the first two blocks of each lane and the final H' (BLAKE2b, {@link Blake2b}) are computed here; the memory
 * filling in between, nearly all of the time, by a {@link MemoryFill}: the native library or plain Java. A hash
 * fills a work area taken from a bounded pool of at most {@code areas} areas (one per core: more hashes at once
 * would not finish sooner). A hash beyond that waits for an area, so the memory in flight stays bounded too. Areas
 * are made on first use and kept.
 */
public final class Argon2id {

    private static final int VERSION = 0x13;
    private static final int TYPE_ID = 2;
    private static final int BLOCK = 128;
    private static final int SLICES = 4;
    private static final int MAX_KIB = JavaMemoryFill.MAX_BLOCKS;

    private final MemoryFill fill;
    private final ArrayBlockingQueue<MemoryFill.Area> free;
    private final AtomicInteger made = new AtomicInteger();
    private final int areas;
    private final int memoryKib;

    /** At most {@code areas} hashes at once, each in an area of {@code memoryKib} KiB filled by {@code fill}. */
    Argon2id(int areas, int memoryKib, MemoryFill fill) {
        if (areas < 1 || memoryKib < 8 || memoryKib > MAX_KIB) {
            throw new IllegalArgumentException("areas >= 1 and memoryKib from 8 KiB to 16 GiB required");
        }
        this.fill = fill;
        this.areas = areas;
        this.free = new ArrayBlockingQueue<>(areas);
        this.memoryKib = memoryKib;
    }

    /** The tag of {@code password} (RFC 9106 §3.2) without secret or associated data. */
    public byte[] hash(byte[] password, byte[] salt, int memoryKib, int passes, int lanes, int tagLength) {
        return hash(password, salt, new byte[0], new byte[0], memoryKib, passes, lanes, tagLength);
    }

    /** The tag with secret {@code key} and associated data {@code ad}: the form of RFC 9106's test vector. */
    byte[] hash(byte[] password, byte[] salt, byte[] key, byte[] ad, int memoryKib, int passes, int lanes, int tagLength) {
        if (lanes < 1 || lanes > 0xFFFFFF || passes < 1 || tagLength < 4 || memoryKib < 8 * lanes
                || memoryKib > MAX_KIB) {
            throw new IllegalArgumentException("Argon2 needs p in 1..2^24-1, t >= 1, m of 8p KiB to 16 GiB, a 4+ byte tag");
        }
        // RFC 9106 §3.4: m' = 4p * floor(m / 4p) blocks, q = m' / p per lane.
        int laneLength = memoryKib / (SLICES * lanes) * SLICES;
        MemoryFill.Area pooled = take();
        MemoryFill.Area area = pooled;
        long[] firstBlocks = new long[lanes * 2 * BLOCK];
        long[] last = null;
        try {
            if (laneLength * lanes > pooled.blocks()) {
                // Older parameters than the pool is sized for get an area of their own for that hash.
                area = fill.area(laneLength * lanes);
            }
            byte[] h0 = h0(password, salt, key, ad, memoryKib, passes, lanes, tagLength);
            for (int lane = 0; lane < lanes; lane++) {
                firstBlocks(firstBlocks, h0, lane);
            }
            Arrays.fill(h0, (byte) 0);
            last = area.fill(firstBlocks, lanes, laneLength, passes);
            return tag(last, tagLength);
        } finally {
            // The first blocks derive from the password by BLAKE2b alone (a guess could be checked against them
            // without the memory-hard work), so none stays in the heap; the fill wiped the area.
            Arrays.fill(firstBlocks, 0L);
            if (last != null) {
                Arrays.fill(last, 0L);
            }
            if (area != pooled) {
                area.free();
            }
            free.add(pooled);
        }
    }

    private MemoryFill.Area take() {
        MemoryFill.Area area = free.poll();
        if (area != null) {
            return area;
        }
        if (made.getAndUpdate(n -> n < areas ? n + 1 : n) < areas) {
            try {
                return fill.area(memoryKib);
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

    /** H0 (RFC 9106 §3.2 step 1). */
    private static byte[] h0(byte[] password, byte[] salt, byte[] key, byte[] ad, int memoryKib, int passes, int lanes,
            int tagLength) {
        Blake2b digest = new Blake2b(64);
        for (int value : new int[] {lanes, tagLength, memoryKib, passes, VERSION, TYPE_ID}) {
            updateInt(digest, value);
        }
        for (byte[] field : new byte[][] {password, salt, key, ad}) {
            updateInt(digest, field.length);
            digest.update(field, 0, field.length);
        }
        byte[] h0 = new byte[72];
        digest.doFinal(h0, 0);
        return h0;
    }

    /** B[i][0] and B[i][1] = H'^1024(H0 || LE32(j) || LE32(i)) (RFC 9106 §3.2 steps 3-4), lane i's 256 words. */
    private static void firstBlocks(long[] firstBlocks, byte[] h0, int lane) {
        byte[] block = new byte[1024];
        for (int column = 0; column < 2; column++) {
            putInt(h0, 64, column);
            putInt(h0, 68, lane);
            hPrime(h0, block);
            int offset = (lane * 2 + column) * BLOCK;
            for (int i = 0; i < BLOCK; i++) {
                firstBlocks[offset + i] = getLong(block, i * 8);
            }
        }
        Arrays.fill(block, (byte) 0);
    }

    /** The tag H'^T(C) of the final block C, the XOR of the lanes' last blocks (RFC 9106 §3.2 steps 7-8). */
    private static byte[] tag(long[] last, int tagLength) {
        byte[] bytes = new byte[1024];
        for (int i = 0; i < BLOCK; i++) {
            putLong(bytes, i * 8, last[i]);
        }
        byte[] tag = new byte[tagLength];
        hPrime(bytes, tag);
        Arrays.fill(bytes, (byte) 0);
        return tag;
    }

    /** H' (RFC 9106 §3.3): BLAKE2b of LE32(T) || input, chained in 32-byte steps for outputs over 64 bytes. */
    private static void hPrime(byte[] input, byte[] out) {
        int length = out.length;
        if (length <= 64) {
            Blake2b digest = new Blake2b(length);
            updateInt(digest, length);
            digest.update(input, 0, input.length);
            digest.doFinal(out, 0);
            return;
        }
        Blake2b digest = new Blake2b(64);
        byte[] v = new byte[64];
        updateInt(digest, length);
        digest.update(input, 0, input.length);
        digest.doFinal(v, 0);
        int position = 0;
        int rest = length;
        while (rest > 64) {
            System.arraycopy(v, 0, out, position, 32);
            position += 32;
            rest -= 32;
            Blake2b next = rest > 64 ? digest : new Blake2b(rest);
            next.update(v, 0, 64);
            next.doFinal(v, 0);
        }
        System.arraycopy(v, 0, out, position, rest);
        Arrays.fill(v, (byte) 0);
    }

    private static void updateInt(Blake2b digest, int value) {
        byte[] le = new byte[4];
        putInt(le, 0, value);
        digest.update(le, 0, 4);
    }

    private static void putInt(byte[] b, int offset, int value) {
        for (int i = 0; i < 4; i++) {
            b[offset + i] = (byte) (value >>> 8 * i);
        }
    }

    private static void putLong(byte[] b, int offset, long value) {
        for (int i = 0; i < 8; i++) {
            b[offset + i] = (byte) (value >>> 8 * i);
        }
    }

    private static long getLong(byte[] b, int offset) {
        long value = 0;
        for (int i = 7; i >= 0; i--) {
            value = value << 8 | b[offset + i] & 0xFF;
        }
        return value;
    }
}
