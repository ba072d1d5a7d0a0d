package dev.pressroom.auth.account;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.bouncycastle.crypto.digests.Blake2bDigest;

/**
 * Argon2id, version 0x13 (RFC 9106), whose memory is reused instead of allocated for each hash: Bouncy Castle's
 * generator allocates one {@code long[128]} object per KiB, so every hash left megabytes of garbage behind and the
 * collections cost a sign-in about half as much as the hash itself.
 *
 * <p>A hash works in one flat {@code long[]} (blocks of 128 longs addressed by offset), taken from a bounded pool of
 * at most {@code areas} work areas (one per core: more hashes at once would not finish sooner). A hash beyond that
 * waits for an area, so the memory in flight stays bounded too. Areas are made on first use and kept. Lanes
 * ({@code p > 1}) are computed one after the other, which gives the same result: within a slice a lane only reads
 * other lanes' finished slices (RFC 9106 §3.4).
 */
public final class Argon2id {

    private static final int VERSION = 0x13;
    private static final int TYPE_ID = 2;
    private static final int BLOCK = 128;
    private static final int SLICES = 4;
    private static final long LOW = 0xFFFFFFFFL;
    /**
     * Scratch blocks at the start of an area: G's working block, the address input and block, and the zero block,
     * which is never written (areas are zeroed after each hash).
     */
    private static final int R = 0;
    private static final int INPUT = BLOCK;
    private static final int ADDRESS = 2 * BLOCK;
    private static final int ZERO = 3 * BLOCK;
    private static final int MEMORY = 4 * BLOCK;
    /** The most memory whose offsets fit in an int (16 GiB). */
    private static final int MAX_KIB = (Integer.MAX_VALUE - 8 - MEMORY) / BLOCK;

    private final ArrayBlockingQueue<long[]> free;
    private final AtomicInteger made = new AtomicInteger();
    private final int areas;
    private final int areaLongs;

    /** At most {@code areas} hashes at once, each in an area kept for up to {@code memoryKib} KiB. */
    public Argon2id(int areas, int memoryKib) {
        if (areas < 1 || memoryKib < 8 || memoryKib > MAX_KIB) {
            throw new IllegalArgumentException("areas >= 1 and memoryKib from 8 KiB to 16 GiB required");
        }
        this.areas = areas;
        this.free = new ArrayBlockingQueue<>(areas);
        this.areaLongs = MEMORY + memoryKib * BLOCK;
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
        int used = MEMORY + laneLength * lanes * BLOCK;
        long[] pooled = take();
        long[] area = used <= pooled.length ? pooled : new long[used];
        try {
            byte[] h0 = h0(password, salt, key, ad, memoryKib, passes, lanes, tagLength);
            for (int lane = 0; lane < lanes; lane++) {
                firstBlocks(area, h0, lane, laneLength);
            }
            Arrays.fill(h0, (byte) 0);
            for (int pass = 0; pass < passes; pass++) {
                for (int slice = 0; slice < SLICES; slice++) {
                    for (int lane = 0; lane < lanes; lane++) {
                        fillSegment(area, pass, slice, lane, lanes, laneLength, passes);
                    }
                }
            }
            return tag(area, lanes, laneLength, tagLength);
        } finally {
            // The blocks derive from the password, the first two of each lane by BLAKE2b alone (a guess could be checked
            // against them without the memory-hard work), so none stays in the heap; idle areas are all zero.
            Arrays.fill(area, 0, used, 0L);
            free.add(pooled);
        }
    }

    private long[] take() {
        long[] area = free.poll();
        if (area != null) {
            return area;
        }
        if (made.getAndUpdate(n -> n < areas ? n + 1 : n) < areas) {
            return new long[areaLongs];
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
        Blake2bDigest digest = new Blake2bDigest(512);
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

    /** B[i][0] and B[i][1] = H'^1024(H0 || LE32(j) || LE32(i)) (RFC 9106 §3.2 steps 3-4). */
    private static void firstBlocks(long[] area, byte[] h0, int lane, int laneLength) {
        byte[] block = new byte[1024];
        for (int column = 0; column < 2; column++) {
            putInt(h0, 64, column);
            putInt(h0, 68, lane);
            hPrime(h0, block);
            int offset = MEMORY + (lane * laneLength + column) * BLOCK;
            for (int i = 0; i < BLOCK; i++) {
                area[offset + i] = getLong(block, i * 8);
            }
        }
        Arrays.fill(block, (byte) 0);
    }

    /** The final block C = XOR of each lane's last block, and the tag H'^T(C) (RFC 9106 §3.2 steps 7-8). */
    private static byte[] tag(long[] area, int lanes, int laneLength, int tagLength) {
        byte[] last = new byte[1024];
        for (int i = 0; i < BLOCK; i++) {
            long x = 0;
            for (int lane = 0; lane < lanes; lane++) {
                x ^= area[MEMORY + (lane * laneLength + laneLength - 1) * BLOCK + i];
            }
            putLong(last, i * 8, x);
        }
        byte[] tag = new byte[tagLength];
        hPrime(last, tag);
        Arrays.fill(last, (byte) 0);
        return tag;
    }

    private static void fillSegment(long[] area, int pass, int slice, int lane, int lanes, int laneLength, int passes) {
        int segmentLength = laneLength / SLICES;
        // Argon2id: data-independent addresses in the first half of the first pass, data-dependent after (§3.4.1.3).
        boolean independent = pass == 0 && slice < 2;
        int start = pass == 0 && slice == 0 ? 2 : 0;
        if (independent) {
            Arrays.fill(area, INPUT, INPUT + BLOCK, 0L);
            area[INPUT] = pass;
            area[INPUT + 1] = lane;
            area[INPUT + 2] = slice;
            area[INPUT + 3] = (long) laneLength * lanes;
            area[INPUT + 4] = passes;
            area[INPUT + 5] = TYPE_ID;
            if (start != 0) {
                nextAddresses(area);
            }
        }
        int laneStart = lane * laneLength;
        for (int index = start; index < segmentLength; index++) {
            int column = slice * segmentLength + index;
            int current = MEMORY + (laneStart + column) * BLOCK;
            int previous = column == 0 ? MEMORY + (laneStart + laneLength - 1) * BLOCK : current - BLOCK;
            long pseudoRandom;
            if (independent) {
                if (index % BLOCK == 0) {
                    nextAddresses(area);
                }
                pseudoRandom = area[ADDRESS + index % BLOCK];
            } else {
                pseudoRandom = area[previous];
            }
            int refLane = pass == 0 && slice == 0 ? lane : (int) ((pseudoRandom >>> 32) % lanes);
            int refColumn = referenceColumn(pseudoRandom, pass, slice, index, refLane == lane, laneLength, segmentLength);
            int reference = MEMORY + (refLane * laneLength + refColumn) * BLOCK;
            // Version 0x13: from the second pass on, the new block is XORed into the old one (§3.2 step 6).
            compress(area, previous, reference, current, pass > 0);
        }
    }

    /** The reference block's column from J1 (RFC 9106 §3.4.2). */
    private static int referenceColumn(long pseudoRandom, int pass, int slice, int index, boolean sameLane,
            int laneLength, int segmentLength) {
        long startPosition;
        long areaSize;
        if (pass == 0) {
            startPosition = 0;
            areaSize = sameLane ? (long) slice * segmentLength + index - 1
                    : (long) slice * segmentLength + (index == 0 ? -1 : 0);
        } else {
            startPosition = (long) (slice + 1) * segmentLength % laneLength;
            areaSize = sameLane ? (long) laneLength - segmentLength + index - 1
                    : (long) laneLength - segmentLength + (index == 0 ? -1 : 0);
        }
        long x = pseudoRandom & LOW;
        long y = x * x >>> 32;
        long relative = areaSize - 1 - (areaSize * y >>> 32);
        return (int) ((startPosition + relative) % laneLength);
    }

    /** The next block of addresses: G(0, G(0, input)) with the input's counter raised (RFC 9106 §3.4.1.2). */
    private static void nextAddresses(long[] area) {
        area[INPUT + 6]++;
        compress(area, ZERO, INPUT, ADDRESS, false);
        compress(area, ZERO, ADDRESS, ADDRESS, false);
    }

    /**
     * G (RFC 9106 §3.5): out = P(columns of P(rows of R)) ^ R with R = X ^ Y, also ^ out when {@code xorOut}. In place
     * on the area: the permutations work on the scratch block R; R itself is read back from X and Y at the end.
     */
    private static void compress(long[] a, int x, int y, int out, boolean xorOut) {
        for (int i = 0; i < BLOCK; i++) {
            a[R + i] = a[x + i] ^ a[y + i];
        }
        // P on each row: the 16 words o..o+15 (8 registers of 16 bytes).
        for (int o = R; o < R + BLOCK; o += 16) {
            gb(a, o, o + 4, o + 8, o + 12);
            gb(a, o + 1, o + 5, o + 9, o + 13);
            gb(a, o + 2, o + 6, o + 10, o + 14);
            gb(a, o + 3, o + 7, o + 11, o + 15);
            gb(a, o, o + 5, o + 10, o + 15);
            gb(a, o + 1, o + 6, o + 11, o + 12);
            gb(a, o + 2, o + 7, o + 8, o + 13);
            gb(a, o + 3, o + 4, o + 9, o + 14);
        }
        // P on each column: the words o, o+1, o+16, o+17, ... o+112, o+113 as v0..v15.
        for (int o = R; o < R + 16; o += 2) {
            gb(a, o, o + 32, o + 64, o + 96);
            gb(a, o + 1, o + 33, o + 65, o + 97);
            gb(a, o + 16, o + 48, o + 80, o + 112);
            gb(a, o + 17, o + 49, o + 81, o + 113);
            gb(a, o, o + 33, o + 80, o + 113);
            gb(a, o + 1, o + 48, o + 81, o + 96);
            gb(a, o + 16, o + 49, o + 64, o + 97);
            gb(a, o + 17, o + 32, o + 65, o + 112);
        }
        if (xorOut) {
            for (int i = 0; i < BLOCK; i++) {
                a[out + i] ^= a[R + i] ^ a[x + i] ^ a[y + i];
            }
        } else {
            for (int i = 0; i < BLOCK; i++) {
                a[out + i] = a[R + i] ^ a[x + i] ^ a[y + i];
            }
        }
    }

    /**
     * GB (RFC 9106 §3.6) on four words of the array. Loading only these four into locals keeps them in registers;
     * a whole row or column in locals (16 words and temporaries) spilled to the stack and took 1.5 times as long.
     */
    private static void gb(long[] w, int a, int b, int c, int d) {
        long va = w[a];
        long vb = w[b];
        long vc = w[c];
        long vd = w[d];
        va = blaMka(va, vb);
        vd = Long.rotateRight(vd ^ va, 32);
        vc = blaMka(vc, vd);
        vb = Long.rotateRight(vb ^ vc, 24);
        va = blaMka(va, vb);
        vd = Long.rotateRight(vd ^ va, 16);
        vc = blaMka(vc, vd);
        vb = Long.rotateRight(vb ^ vc, 63);
        w[a] = va;
        w[b] = vb;
        w[c] = vc;
        w[d] = vd;
    }

    /** BlaMka's multiply-add: x + y + 2 * lo32(x) * lo32(y) (RFC 9106 §3.6). */
    private static long blaMka(long x, long y) {
        return x + y + 2 * (x & LOW) * (y & LOW);
    }

    /** H' (RFC 9106 §3.3): BLAKE2b of LE32(T) || input, chained in 32-byte steps for outputs over 64 bytes. */
    private static void hPrime(byte[] input, byte[] out) {
        int length = out.length;
        if (length <= 64) {
            Blake2bDigest digest = new Blake2bDigest(length * 8);
            updateInt(digest, length);
            digest.update(input, 0, input.length);
            digest.doFinal(out, 0);
            return;
        }
        Blake2bDigest digest = new Blake2bDigest(512);
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
            Blake2bDigest next = rest > 64 ? digest : new Blake2bDigest(rest * 8);
            next.update(v, 0, 64);
            next.doFinal(v, 0);
        }
        System.arraycopy(v, 0, out, position, rest);
        Arrays.fill(v, (byte) 0);
    }

    private static void updateInt(Blake2bDigest digest, int value) {
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
