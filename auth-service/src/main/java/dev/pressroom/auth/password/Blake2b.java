package dev.pressroom.auth.password;

import java.util.Arrays;

/**
 * Unkeyed BLAKE2b (RFC 7693) with outputs of 1 to 64 bytes: the hash inside Argon2id's H0 and H'. Our own, so the
 * service does not load a class from Bouncy Castle's signed jar at its first hash: the JVM then verifies the jar's
 * 6,000-entry manifest and signature, about 300 ms of a cold start, and CDS cannot archive classes of signed jars.
 * After {@link #doFinal} the digest is reset for reuse and its buffered input is wiped.
 */
final class Blake2b {

    private static final int BLOCK_BYTES = 128;
    private static final long[] IV = {
        0x6A09E667F3BCC908L, 0xBB67AE8584CAA73BL, 0x3C6EF372FE94F82BL, 0xA54FF53A5F1D36F1L,
        0x510E527FADE682D1L, 0x9B05688C2B3E6C1FL, 0x1F83D9ABFB41BD6BL, 0x5BE0CD19137E2179L};
    /** The message word order of each round (RFC 7693 §2.7); rounds 10 and 11 repeat rows 0 and 1. */
    private static final byte[][] SIGMA = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
        {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
        {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
        {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
        {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

    private final int outLength;
    private final long[] h = new long[8];
    private final long[] v = new long[16];
    private final long[] m = new long[16];
    private final byte[] buffer = new byte[BLOCK_BYTES];
    private int buffered;
    /** Bytes compressed so far (the counter t; inputs here stay far below 2^64 bytes). */
    private long counter;

    /** @param outLength the digest length in bytes, 1 to 64 */
    Blake2b(int outLength) {
        if (outLength < 1 || outLength > 64) {
            throw new IllegalArgumentException("BLAKE2b output length must be 1 to 64 bytes");
        }
        this.outLength = outLength;
        reset();
    }

    void update(byte[] input, int offset, int length) {
        while (length > 0) {
            // A full buffer is compressed only once more input follows: the last block needs the final flag.
            if (buffered == BLOCK_BYTES) {
                counter += BLOCK_BYTES;
                compress(false);
                buffered = 0;
            }
            int n = Math.min(length, BLOCK_BYTES - buffered);
            System.arraycopy(input, offset, buffer, buffered, n);
            buffered += n;
            offset += n;
            length -= n;
        }
    }

    /** Writes the digest's outLength bytes at {@code offset}, then resets. */
    void doFinal(byte[] out, int offset) {
        counter += buffered;
        Arrays.fill(buffer, buffered, BLOCK_BYTES, (byte) 0);
        compress(true);
        for (int i = 0; i < outLength; i++) {
            out[offset + i] = (byte) (h[i >>> 3] >>> 8 * (i & 7));
        }
        reset();
    }

    private void reset() {
        System.arraycopy(IV, 0, h, 0, 8);
        h[0] ^= 0x01010000L ^ outLength;
        Arrays.fill(buffer, (byte) 0);
        Arrays.fill(m, 0);
        Arrays.fill(v, 0);
        buffered = 0;
        counter = 0;
    }

    private void compress(boolean last) {
        for (int i = 0; i < 16; i++) {
            long word = 0;
            for (int b = 7; b >= 0; b--) {
                word = word << 8 | (buffer[i * 8 + b] & 0xFF);
            }
            m[i] = word;
        }
        System.arraycopy(h, 0, v, 0, 8);
        System.arraycopy(IV, 0, v, 8, 8);
        v[12] ^= counter;
        if (last) {
            v[14] = ~v[14];
        }
        for (int round = 0; round < 12; round++) {
            byte[] s = SIGMA[round % 10];
            g(0, 4, 8, 12, m[s[0]], m[s[1]]);
            g(1, 5, 9, 13, m[s[2]], m[s[3]]);
            g(2, 6, 10, 14, m[s[4]], m[s[5]]);
            g(3, 7, 11, 15, m[s[6]], m[s[7]]);
            g(0, 5, 10, 15, m[s[8]], m[s[9]]);
            g(1, 6, 11, 12, m[s[10]], m[s[11]]);
            g(2, 7, 8, 13, m[s[12]], m[s[13]]);
            g(3, 4, 9, 14, m[s[14]], m[s[15]]);
        }
        for (int i = 0; i < 8; i++) {
            h[i] ^= v[i] ^ v[i + 8];
        }
    }

    private void g(int a, int b, int c, int d, long x, long y) {
        v[a] += v[b] + x;
        v[d] = Long.rotateRight(v[d] ^ v[a], 32);
        v[c] += v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 24);
        v[a] += v[b] + y;
        v[d] = Long.rotateRight(v[d] ^ v[a], 16);
        v[c] += v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 63);
    }
}
