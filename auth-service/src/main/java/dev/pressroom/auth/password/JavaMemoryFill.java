package dev.pressroom.auth.password;

import java.util.Arrays;

/**
 * Argon2id's memory filling in plain Java (RFC 9106, version 0x13) in one flat {@code long[]} per area: blocks of
 * 128 longs addressed by offset, nothing allocated per block. The fallback where the native library does not load.
 * Lanes ({@code p > 1}) are filled one after the other, which gives the same result: within a slice a lane only
 * reads other lanes' finished slices (RFC 9106 §3.4).
 */
final class JavaMemoryFill implements MemoryFill {

    private static final int BLOCK = 128;
    private static final int SLICES = 4;
    private static final int TYPE_ID = 2;
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
    /** The most blocks whose offsets fit in an int (16 GiB). */
    static final int MAX_BLOCKS = (Integer.MAX_VALUE - 8 - MEMORY) / BLOCK;

    @Override
    public Area area(int blocks) {
        return new JavaArea(new long[MEMORY + blocks * BLOCK]);
    }

    @Override
    public String description() {
        return "Java";
    }

    private record JavaArea(long[] area) implements Area {

        @Override
        public int blocks() {
            return (area.length - MEMORY) / BLOCK;
        }

        @Override
        public long[] fill(long[] firstBlocks, int lanes, int laneLength, int passes) {
            int used = MEMORY + laneLength * lanes * BLOCK;
            try {
                for (int lane = 0; lane < lanes; lane++) {
                    System.arraycopy(firstBlocks, lane * 2 * BLOCK, area, MEMORY + lane * laneLength * BLOCK, 2 * BLOCK);
                }
                for (int pass = 0; pass < passes; pass++) {
                    for (int slice = 0; slice < SLICES; slice++) {
                        for (int lane = 0; lane < lanes; lane++) {
                            fillSegment(area, pass, slice, lane, lanes, laneLength, passes);
                        }
                    }
                }
                long[] last = new long[BLOCK];
                for (int lane = 0; lane < lanes; lane++) {
                    int offset = MEMORY + (lane * laneLength + laneLength - 1) * BLOCK;
                    for (int i = 0; i < BLOCK; i++) {
                        last[i] ^= area[offset + i];
                    }
                }
                return last;
            } finally {
                Arrays.fill(area, 0, used, 0L);
            }
        }

        @Override
        public void free() {
            // The garbage collector takes it.
        }
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
}
